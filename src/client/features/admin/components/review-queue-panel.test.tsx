import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAdminToken } from '#client/lib/session/session-store.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { ReviewQueuePanel } from './review-queue-panel.tsx'

const fetchMock = installFetchMock()

const item = {
  adId: 'abcdefghijkl',
  status: 'held',
  title: 'Suspicious ad',
  path: '/ca/ON/adult-buy-sell/abcdefghijkl-suspicious-ad',
  description: 'text',
  images: [],
  videos: [],
  holdReason: '',
  urgent: true,
  reporters: 1,
  firstReportedAt: '2026-11-23T10:00:00Z',
  reports: [
    {
      reason: 'underage',
      details: 'looks young',
      at: '2026-11-23T10:00:00Z',
      reporter: {
        label: 'a1b2c3d4',
        kind: 'account',
        newAccount: false,
        made: 4,
        dismissed: 1,
        upheld: 2,
        canHold: true,
      },
      contentHash: 'h0',
    },
  ],
  awaitingConfirmation: false,
  contentHash: 'h0',
  versions: [],
  hold: { category: 'underage', since: '2026-11-23T10:00:00Z', appealedAt: '2026-11-23T12:00:00Z' },
  appeal: { note: 'She is 24, I can show her ID', at: '2026-11-23T12:00:00Z' },
}

function renderPanel() {
  renderWithQueryClient(<ReviewQueuePanel />)
}

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')

beforeEach(() => {
  setAdminToken('adm-1')
})
afterEach(() => {
  cleanup()
  setAdminToken('')
})

describe('the review queue panel', () => {
  it('shows an urgent ad with its report and removes it with the reason typed', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST' ? new Response(null, { status: 204 }) : json(200, { items: [item] }),
    )
    renderPanel()
    expect(await screen.findByText('Suspicious ad')).toBeTruthy()
    expect(screen.getByText('Urgent')).toBeTruthy()
    expect(document.body.textContent).toMatch(/Someone may be under 18 · looks young/)
    const remove = screen.getByRole('button', { name: 'Remove' })
    expect(remove.hasAttribute('disabled')).toBe(true)
    await user.type(screen.getByLabelText(/Reason/), 'Model appears under 18')
    await user.click(remove)
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(String(post?.[0])).toContain('/admin/reports/abcdefghijkl/remove')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Model appears under 18' })
  })

  it("shows why the ad is held, the owner's appeal and each reporter's history", async () => {
    fetchMock.mockImplementation(async () => json(200, { items: [item] }))
    renderPanel()
    expect(await screen.findByText(/Held since .*: someone may be under 18/)).toBeTruthy()
    expect(screen.getByText('She is 24, I can show her ID')).toBeTruthy()
    expect(screen.getByTestId('reporter-history').textContent).toBe(
      'Account a1b2c3d4 · 4 reports, 1 dismissed, 2 upheld',
    )
  })

  it('shows an ad as it was reported when its owner changed it since, photos fetched with the admin token', async () => {
    const reported = {
      title: 'Original title',
      description: 'What the report saw',
      category: 'adult-buy-sell',
      escortType: null,
      province: 'ON',
      city: 'Toronto',
      priceCents: 0,
      priceUnit: 'per_unit',
      contact: { phone: '416-555-0101', email: '', website: '', handle: '', platform: null },
      images: ['/media/abc/640.webp'],
      videos: ['/media/vid/video'],
      contentHash: 'h0',
      at: '2026-11-23T10:00:00Z',
    }
    const changed = {
      ...item,
      status: 'live',
      hold: null,
      appeal: null,
      contentHash: 'h1',
      versions: [reported, { ...reported, title: 'Suspicious ad', contentHash: 'h1' }],
    }
    fetchMock.mockImplementation(async (url) =>
      String(url).includes('/media/') ? new Response(new Blob(['x'])) : json(200, { items: [changed] }),
    )
    renderPanel()
    const versions = await screen.findAllByTestId('reported-version')
    // only the version that differs from what the ad shows now
    expect(versions).toHaveLength(1)
    expect(versions[0]?.textContent).toContain('Original title')
    expect(versions[0]?.textContent).toContain('What the report saw')
    expect(versions[0]?.textContent).toContain('416-555-0101')
    expect(versions[0]?.textContent).toContain('1 video')
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([url, init]) =>
            String(url).includes('/media/abc/640.webp') &&
            (init?.headers as Record<string, string> | undefined)?.Authorization === 'Bearer adm-1',
        ),
      ).toBe(true),
    )
  })

  it('puts an ad awaiting confirmation in words and offers the hold first', async () => {
    const awaiting = { ...item, status: 'live', hold: null, appeal: null, awaitingConfirmation: true }
    fetchMock.mockImplementation(async () => json(200, { items: [awaiting] }))
    renderPanel()
    expect(await screen.findByText(/Awaiting your confirmation/)).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Hold now' })).toBeTruthy()
  })

  it('links a live ad to its public page, and says each status in words', async () => {
    const live = { ...item, status: 'live', hold: null, appeal: null }
    fetchMock.mockImplementation(async () => json(200, { items: [live, { ...item, adId: 'mnopqrstuvwx' }] }))
    renderPanel()
    const link = await screen.findByRole('link', { name: 'Suspicious ad' })
    expect(link.getAttribute('href')).toBe('/ca/ON/adult-buy-sell/abcdefghijkl-suspicious-ad')
    // a held ad has no public page to open
    expect(screen.getAllByRole('link')).toHaveLength(1)
    expect(screen.getByText('Status: Live')).toBeTruthy()
    expect(screen.getByText('Status: Held')).toBeTruthy()
    expect(screen.queryByText(/Status: (live|held)$/)).toBeNull()
  })

  it('releases the held ads ticked, in one request', async () => {
    const user = userEvent.setup()
    const other = { ...item, adId: 'mnopqrstuvwx', title: 'Another held ad', appeal: null }
    const live = {
      ...item,
      adId: 'zyxwvutsrqpo',
      title: 'Reported only',
      status: 'live',
      hold: null,
      appeal: null,
    }
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'POST'
        ? json(200, { released: ['abcdefghijkl', 'mnopqrstuvwx'], skipped: [] })
        : json(200, { items: [item, other, live] }),
    )
    renderPanel()
    await screen.findByText('Reported only')
    expect(screen.queryByRole('checkbox', { name: 'Select Reported only for release' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Release/ })).toBeNull()
    await user.click(screen.getByRole('checkbox', { name: 'Select Suspicious ad for release' }))
    await user.click(screen.getByRole('checkbox', { name: 'Select Another held ad for release' }))
    await user.type(screen.getByLabelText('Note for the release (optional)'), 'report wave')
    await user.click(screen.getByRole('button', { name: 'Release 2 held ads' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(String(posts()[0]?.[0])).toContain('/admin/reports/release')
    expect(JSON.parse(String(posts()[0]?.[1]?.body))).toEqual({
      adIds: ['abcdefghijkl', 'mnopqrstuvwx'],
      reason: 'report wave',
    })
    // done: the selection is cleared
    await waitFor(() => expect(screen.queryByRole('button', { name: /Release/ })).toBeNull())
  })
})
