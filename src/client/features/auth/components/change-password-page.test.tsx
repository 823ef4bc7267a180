import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { signIn, signOut } from '#client/lib/session/session-store.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { ChangePasswordPage } from './change-password-page.tsx'

const fetchMock = installFetchMock()
function renderPage() {
  renderWithQueryClient(<ChangePasswordPage />)
}

beforeEach(() => {
  signIn('user-token', { id: 'u1', email: 'me@example.com' })
})
afterEach(() => {
  cleanup()
  signOut()
  toastStore.set(toastsAtom, [])
})

describe('change password page', () => {
  it('asks for the current password before sending anything', async () => {
    const user = userEvent.setup()
    renderPage()
    await user.type(screen.getByLabelText('New password'), 'fresh-and-rare-7')
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh-and-rare-7')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(screen.getByText('Current password is required').getAttribute('role')).toBe('alert')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('sends both passwords with the session token and says the other devices were signed out', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(json(200, { message: 'ok' }))
    renderPage()
    await user.type(screen.getByLabelText('Current password'), 'old-and-rare-6')
    await user.type(screen.getByLabelText('New password'), 'fresh-and-rare-7')
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh-and-rare-7')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(toastStore.get(toastsAtom)[0]?.title).toBe('Password changed'))
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(String(url)).toMatch(/\/api\/auth\/change-password$/)
    expect(JSON.parse(String(init?.body))).toEqual({
      current_password: 'old-and-rare-6',
      new_password: 'fresh-and-rare-7',
    })
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer user-token')
  })

  it("shows the server's reason when it refuses", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(json(400, { detail: 'Current password is incorrect' }))
    renderPage()
    await user.type(screen.getByLabelText('Current password'), 'not-it-9')
    await user.type(screen.getByLabelText('New password'), 'fresh-and-rare-7')
    await user.type(screen.getByLabelText('Confirm new password'), 'fresh-and-rare-7')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() =>
      expect(toastStore.get(toastsAtom)[0]).toMatchObject({
        title: 'Password not changed',
        description: 'Current password is incorrect',
      }),
    )
  })
})
