import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAdminToken } from '#client/lib/session/session-store.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import type { SharedContact } from '#domain/api/shared-contacts.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { SharedContactsPanel } from './shared-contacts-panel.tsx'

const fetchMock = installFetchMock()

const side = (id: string, email: string, suspendedAt: string | null = null) => ({
  id,
  email,
  createdAt: '2026-11-01T10:00:00Z',
  verified: false,
  suspendedAt,
  suspensionReason: suspendedAt ? 'same person' : null,
  adsWithContact: 1,
  ads: [{ id: `ad-${id}`, title: `Desk of ${email}`, status: 'live' }],
})

const shared: SharedContact = {
  kind: 'phone',
  contact: '5145550199',
  accounts: [
    side('11111111-1111-4111-8111-111111111111', 'first@example.com'),
    side('22222222-2222-4222-8222-222222222222', 'second@example.com', '2026-11-27T10:00:00Z'),
  ],
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')

beforeEach(() => {
  setAdminToken('adm-1')
  fetchMock.mockImplementation(async (url, init) => {
    if (init?.method !== 'POST') return json(200, { items: [shared] })
    if (String(url).endsWith('/dismiss')) return new Response(null, { status: 204 })
    return json(200, { id: shared.accounts[0]?.id, suspendedAt: '2026-11-28T10:00:00Z', ads: 3 })
  })
})
afterEach(() => {
  cleanup()
  setAdminToken('')
  toastStore.set(toastsAtom, [])
})

describe('the shared contacts panel', () => {
  it('shows the accounts sharing a contact side by side, with their ads and a suspension', async () => {
    renderWithQueryClient(<SharedContactsPanel />)
    const entry = await screen.findByTestId('shared-contact')
    expect(within(entry).getByText('Phone: 5145550199')).toBeTruthy()
    const accounts = within(entry).getAllByTestId('shared-account')
    expect(accounts).toHaveLength(2)
    expect(
      within(accounts[0] as HTMLElement).getByRole('link', { name: 'Desk of first@example.com' }),
    ).toBeTruthy()
    expect((accounts[1] as HTMLElement).textContent).toContain('Suspended: same person')
    expect(
      within(accounts[1] as HTMLElement).getByRole('button', {
        name: 'Lift the suspension second@example.com',
      }),
    ).toBeTruthy()
  })

  it('suspends only with a reason, and says how many ads were held', async () => {
    const user = userEvent.setup()
    renderWithQueryClient(<SharedContactsPanel />)
    const suspend = await screen.findByRole('button', { name: 'Suspend first@example.com' })
    await user.click(suspend)
    expect(screen.getByText('Write a reason: the advertiser reads it.')).toBeTruthy()
    expect(posts()).toEqual([])
    const [firstReason] = screen.getAllByLabelText('Reason (kept in the audit log)')
    await user.type(firstReason as HTMLElement, 'Same ID as another account')
    await user.click(suspend)
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(String(posts()[0]?.[0])).toContain('/admin/accounts/11111111-1111-4111-8111-111111111111/suspend')
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ reason: 'Same ID as another account' })
    await waitFor(() => expect(toastStore.get(toastsAtom)[0]?.title).toBe('Account suspended: ads held: 3'))
  })

  it('dismisses a contact without a reason', async () => {
    const user = userEvent.setup()
    renderWithQueryClient(<SharedContactsPanel />)
    await user.click(await screen.findByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(String(posts()[0]?.[0])).toContain('/admin/shared-contacts/dismiss')
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({ kind: 'phone', contact: '5145550199' })
  })
})
