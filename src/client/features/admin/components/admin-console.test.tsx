import { cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/http.ts'
import { getAdminToken, setAdminToken } from '#client/lib/session/session-store.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { AdminPage } from './admin-page.tsx'

const fetchMock = installFetchMock()
const phrases = [
  { id: 'p1', phrase: 'first phrase', created_at: '2026-01-01T00:00:00Z' },
  { id: 'p2', phrase: 'second phrase', created_at: '2026-01-01T00:00:00Z' },
]
function lastToast() {
  return toastStore.get(toastsAtom)[0]
}
function renderAdmin() {
  renderWithQueryClient(<AdminPage />)
}
function calls() {
  return fetchMock.mock.calls.map(([url, init]) => ({
    url: String(url),
    method: init?.method ?? 'GET',
    auth: (init?.headers as Record<string, string> | undefined)?.Authorization,
  }))
}

afterEach(() => {
  cleanup()
  setAdminToken('')
  toastStore.set(toastsAtom, [])
})

describe('admin console', () => {
  it('signs in and keeps the admin token in browser storage', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/admin/login') ? json(200, { token: 'adm-1' }) : json(200, phrases),
    )
    renderAdmin()
    await user.type(screen.getByLabelText('Username'), 'admin')
    await user.type(screen.getByLabelText('Password'), 'pw{Enter}')
    await screen.findByText('first phrase')
    expect(getAdminToken()).toBe('adm-1')
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('adm-1')
  })

  it('refuses a blank phrase without a request, and sends a trimmed one with the admin token', async () => {
    const user = userEvent.setup()
    setAdminToken('adm-1')
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(201, { id: 'p3', phrase: 'third', created_at: '2026-01-01T00:00:00Z' })
        : json(200, phrases),
    )
    renderAdmin()
    await screen.findByText('first phrase')
    const field = screen.getByLabelText('New phrase')
    await user.type(field, '   {Enter}')
    expect(screen.getByText('Enter a phrase (it cannot be blank)').getAttribute('role')).toBe('alert')
    expect(calls().filter((c) => c.method === 'POST')).toEqual([])

    await user.clear(field)
    await user.type(field, '  third  {Enter}')
    await waitFor(() => expect(lastToast()?.title).toBe('Phrase added'))
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ phrase: 'third' })
    expect(calls().find((c) => c.method === 'POST')?.auth).toBe('Bearer adm-1')
    // the addition is an audited action: the audit log is asked again after it
    const audits = () => calls().filter((c) => c.method === 'GET' && String(c.url).includes('/admin/audit'))
    await waitFor(() => expect(audits().length).toBeGreaterThanOrEqual(2))
  })

  it("shows 'Delete failed' with the server's detail", async () => {
    const user = userEvent.setup()
    setAdminToken('adm-1')
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'DELETE' ? json(404, { detail: 'Banned phrase not found' }) : json(200, phrases),
    )
    renderAdmin()
    await user.click(await screen.findByRole('button', { name: 'Delete “second phrase”' }))
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Delete failed', description: 'Banned phrase not found' }),
    )
    expect(calls().find((c) => c.method === 'DELETE')?.url).toBe('/api/moderation/banned-words/p2')
  })

  it("says 'Failed to load' when the list cannot be read", async () => {
    setAdminToken('adm-1')
    // a fresh Response per call: the review queue and audit panels load at the same time
    fetchMock.mockImplementation(async () => json(503, { detail: 'Service unavailable' }))
    renderAdmin()
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(lastToast()).toMatchObject({ title: 'Failed to load', description: 'Service unavailable' })
  })

  it('purges only once DELETE is typed exactly, then lists the deleted counts', async () => {
    const user = userEvent.setup()
    setAdminToken('adm-1')
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/admin/purge')
        ? json(200, { deleted: { users: 3, sessions: 5 } })
        : json(200, phrases),
    )
    renderAdmin()
    const purge = screen.getByRole('button', { name: 'Purge all data' })
    const confirm = screen.getByLabelText('Type DELETE to confirm')
    expect(purge).toHaveProperty('disabled', true)
    await user.type(confirm, 'delete')
    expect(purge).toHaveProperty('disabled', true)
    await user.clear(confirm)
    await user.type(confirm, 'DELETE')
    expect(purge).toHaveProperty('disabled', false)
    await user.click(purge)

    const counts = await screen.findByLabelText('Deleted rows')
    expect(within(counts).getByText('users').nextElementSibling?.textContent).toBe('3')
    expect(within(counts).getByText('sessions').nextElementSibling?.textContent).toBe('5')
    expect(lastToast()?.title).toBe('All data purged')
    expect(calls().find((c) => c.url === '/api/admin/purge')).toMatchObject({
      method: 'POST',
      auth: 'Bearer adm-1',
    })
  })

  it('lists the payments that need a look with their provider invoice ids', async () => {
    setAdminToken('adm-1')
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/admin/payments/attention')
        ? json(200, {
            charges: [
              {
                charge_id: 'ch_late',
                provider: 'btcpay',
                provider_invoice_id: 'INV-LATE-1',
                charge_type: 'topup',
                amount_cad: 5,
                status: 'COMPLETED',
                attention: 'paid_late',
                fulfilled: true,
                user_id: 'u1',
                updated_at: '2026-01-01T00:00:00Z',
              },
            ],
          })
        : json(200, phrases),
    )
    renderAdmin()
    const list = await screen.findByRole('list', { name: 'Payments that need a look' })
    expect(within(list).getByText(/Paid late · \$5\.00/)).toBeTruthy()
    expect(within(list).getByText(/INV-LATE-1/)).toBeTruthy()
    expect(calls().find((c) => c.url === '/api/admin/payments/attention')?.auth).toBe('Bearer adm-1')
  })

  it('counts the review queue in its header, and the ads awaiting confirmation, linking to the queue', async () => {
    setAdminToken('adm-1')
    const entry = (adId: string, awaitingConfirmation: boolean) => ({
      adId,
      status: 'live',
      title: `Ad ${adId}`,
      path: `/ca/ON/adult-buy-sell/${adId}-ad`,
      description: '',
      images: [],
      videos: [],
      holdReason: '',
      urgent: true,
      reporters: 2,
      firstReportedAt: '2026-01-01T00:00:00Z',
      reports: [],
      hold: null,
      awaitingConfirmation,
      contentHash: 'h',
      versions: [],
      appeal: null,
    })
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/admin/reports')
        ? json(200, { items: [entry('aaaaaaaaaaaa', true), entry('bbbbbbbbbbbb', false)] })
        : json(200, phrases),
    )
    renderAdmin()
    const count = await screen.findByTestId('review-queue-count')
    expect(count.textContent).toContain('Review queue: 2 ads')
    expect(count.textContent).toContain('1 awaiting your confirmation')
    expect(count.getAttribute('href')).toBe('#review-queue')
    expect(document.getElementById('review-queue')).not.toBeNull()
  })

  it('signs out with the button and asks the server to revoke the admin token', async () => {
    const user = userEvent.setup()
    setAdminToken('adm-1')
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/admin/logout') ? new Response(null, { status: 204 }) : json(200, phrases),
    )
    renderAdmin()
    await screen.findByText('first phrase')
    await user.click(screen.getByRole('button', { name: 'Sign out' }))
    expect(getAdminToken()).toBe('')
    await waitFor(() =>
      expect(calls().filter((c) => c.url.endsWith('/admin/logout'))).toEqual([
        { url: expect.stringMatching(/\/api\/admin\/logout$/), method: 'POST', auth: 'Bearer adm-1' },
      ]),
    )
    expect(screen.getByLabelText('Username')).toBeTruthy()
  })

  it('signs out of the console when the server says the admin session ended', () => {
    setAdminToken('adm-1')
    announceAdminFailure('Purge failed', new ApiError(401, 'Invalid or expired token'))
    expect(getAdminToken()).toBe('')
    expect(lastToast()).toMatchObject({
      title: 'Purge failed',
      description: 'Your admin session has ended. Please sign in again.',
    })
  })
})
