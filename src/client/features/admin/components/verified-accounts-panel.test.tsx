import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAdminToken } from '#client/lib/session/session-store.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { VerifiedAccountsPanel } from './verified-accounts-panel.tsx'

const fetchMock = installFetchMock()

const account = {
  id: 7,
  userId: 'u-7',
  email: 'robe@example.com',
  language: 'fr',
  code: 'ABC123',
  status: 'approved',
  photos: [],
  adPhotos: [],
  createdAt: '2026-11-20T10:00:00Z',
  decidedAt: '2026-11-21T10:00:00Z',
}

function renderPanel() {
  renderWithQueryClient(<VerifiedAccountsPanel />)
}

const gets = () => fetchMock.mock.calls.filter(([, init]) => (init?.method ?? 'GET') === 'GET')
const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')

beforeEach(() => {
  setAdminToken('adm-1')
})
afterEach(() => {
  cleanup()
  setAdminToken('')
  toastStore.set(toastsAtom, [])
})

describe('the verified accounts panel', () => {
  it('asks for nothing until the admin searches, then lists the approved accounts matching the email', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async () => json(200, { items: [account] }))
    renderPanel()
    expect(fetchMock).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Email contains'), ' robe ')
    await user.click(screen.getByRole('button', { name: 'Find verified accounts' }))
    await screen.findByText('robe@example.com')
    expect(document.body.textContent).toContain('robe@example.com (fr)')
    expect(screen.getByText(/^Verified on /)).toBeTruthy()
    const url = new URL(String(gets()[0]?.[0]), 'http://localhost')
    expect(url.pathname).toBe('/api/admin/verifications')
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'approved', email: 'robe' })
    expect((gets()[0]?.[1]?.headers as Record<string, string> | undefined)?.Authorization).toBe(
      'Bearer adm-1',
    )
  })

  it('refuses to revoke without a reason, then revokes with the reason typed', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? new Response(null, { status: 204 }) : json(200, { items: [account] }),
    )
    renderPanel()
    await user.click(screen.getByRole('button', { name: 'Find verified accounts' }))
    const revoke = await screen.findByRole('button', { name: 'Revoke robe@example.com' })
    await user.click(revoke)
    expect(screen.getByText('Write a reason: the advertiser reads it.')).toBeTruthy()
    expect(posts()).toEqual([])

    await user.type(screen.getByLabelText(/Reason for revoking/), '  Photos of someone else ')
    await user.click(revoke)
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(String(posts()[0]?.[0])).toContain('/admin/verifications/7/revoke')
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ reason: 'Photos of someone else' })
    await waitFor(() =>
      expect(toastStore.get(toastsAtom)[0]?.title).toBe('Verification revoked: the badge is off their ads'),
    )
  })

  it("says the server's reason when the revocation is refused", async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(409, { detail: 'Only an approved verification can be revoked' })
        : json(200, { items: [account] }),
    )
    renderPanel()
    await user.click(screen.getByRole('button', { name: 'Find verified accounts' }))
    await user.type(await screen.findByLabelText(/Reason for revoking/), 'Fake')
    await user.click(screen.getByRole('button', { name: 'Revoke robe@example.com' }))
    await waitFor(() =>
      expect(toastStore.get(toastsAtom)[0]).toMatchObject({
        title: 'The verification was not revoked',
        description: 'Only an approved verification can be revoked',
      }),
    )
  })
})
