import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { setAdminToken } from '#client/lib/session/session-store.ts'
import { ReviewQueuePanel } from './review-queue-panel.tsx'

const fetchMock = vi.fn<typeof fetch>()
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

const item = {
  adId: 'abcdefghijkl',
  status: 'held',
  title: 'Suspicious ad',
  description: 'text',
  images: [],
  videos: [],
  holdReason: '',
  urgent: true,
  reporters: 1,
  firstReportedAt: '2026-11-23T10:00:00Z',
  reports: [{ reason: 'underage', details: 'looks young', at: '2026-11-23T10:00:00Z' }],
}

beforeEach(() => {
  fetchMock.mockReset()
  vi.stubGlobal('fetch', fetchMock)
  setAdminToken('adm-1')
})
afterEach(() => {
  cleanup()
  vi.unstubAllGlobals()
  setAdminToken('')
})

describe('the review queue panel', () => {
  it('shows an urgent ad with its report and removes it with the reason typed', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? new Response(null, { status: 204 }) : json(200, { items: [item] }),
    )
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <ReviewQueuePanel />
      </QueryClientProvider>,
    )
    expect(await screen.findByText('Suspicious ad')).toBeTruthy()
    expect(screen.getByText('Urgent')).toBeTruthy()
    expect(screen.getByText(/Someone may be under 18 · looks young/)).toBeTruthy()
    const remove = screen.getByRole('button', { name: 'Remove' })
    expect(remove.hasAttribute('disabled')).toBe(true)
    await user.type(screen.getByLabelText(/Reason/), 'Model appears under 18')
    await user.click(remove)
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(String(post?.[0])).toContain('/admin/reports/abcdefghijkl/remove')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Model appears under 18' })
  })
})
