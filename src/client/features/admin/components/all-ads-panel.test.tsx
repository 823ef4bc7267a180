import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAdminToken } from '#client/lib/session/session-store.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { AllAdsPanel } from './all-ads-panel.tsx'

const fetchMock = installFetchMock()

const ad = (id: string, title: string, status: string, ownerEmail: string | null) => ({
  id,
  title,
  status,
  province: 'QC',
  city: 'Montréal',
  category: 'adult-buy-sell',
  ownerEmail,
  demo: ownerEmail === null,
  createdAt: '2026-11-20T10:00:00Z',
  expiresAt: null,
  removalReason: status === 'removed' ? 'Scam' : null,
  reporters: 0,
})

beforeEach(() => {
  setAdminToken('adm-1')
})
afterEach(() => {
  cleanup()
  setAdminToken('')
})

function renderPanel() {
  renderWithQueryClient(<AllAdsPanel />)
}

const searches = () =>
  fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === 'GET')
    .map(([url]) => new URL(String(url), 'http://x'))

describe('the all ads panel', () => {
  it('searches by text, owner email and status and shows each ad with its owner and place', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async () =>
      json(200, {
        items: [ad('aaaaaaaaaaaa', 'Silk robe', 'removed', 'alice@example.com')],
        total: 1,
        page: 1,
        pages: 1,
      }),
    )
    renderPanel()
    expect(fetchMock).not.toHaveBeenCalled()
    await user.type(screen.getByLabelText('Text'), ' crème ')
    await user.type(screen.getByLabelText('Owner email'), 'ALICE')
    await user.selectOptions(screen.getByLabelText('Status'), 'removed')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Silk robe')).toBeTruthy()
    const [url] = searches()
    expect(url?.pathname).toBe('/api/admin/ads')
    expect(Object.fromEntries(url?.searchParams ?? [])).toEqual({
      q: 'crème',
      email: 'ALICE',
      status: 'removed',
      page: '1',
    })
    expect(screen.getByText(/alice@example\.com · Montréal, QC/)).toBeTruthy()
    expect(screen.getByText('Removed: Scam')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Restore' })).toBeTruthy()
  })

  it('removes an ad with the reason typed, and pages to the next results', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return new Response(null, { status: 204 })
      const page = Number(new URL(String(url), 'http://x').searchParams.get('page'))
      return json(200, {
        items: [ad(page === 1 ? 'bbbbbbbbbbbb' : 'cccccccccccc', `Ad on page ${page}`, 'live', null)],
        total: 21,
        page,
        pages: 2,
      })
    })
    renderPanel()
    await user.click(screen.getByRole('button', { name: 'Search' }))
    expect(await screen.findByText('Ad on page 1')).toBeTruthy()
    expect(screen.getByText(/Demo ad/)).toBeTruthy()
    const remove = screen.getByRole('button', { name: 'Remove' })
    expect(remove.hasAttribute('disabled')).toBe(true)
    await user.type(screen.getByLabelText('Reason for removing Ad on page 1'), 'Spam')
    await user.click(remove)
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true))
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')
    expect(String(post?.[0])).toContain('/admin/reports/bbbbbbbbbbbb/remove')
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ reason: 'Spam' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Ad on page 2')).toBeTruthy()
    expect(searches().at(-1)?.searchParams.get('page')).toBe('2')
  })
})
