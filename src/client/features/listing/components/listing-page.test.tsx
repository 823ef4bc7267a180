import { createRootRoute, createRoute, Outlet, stripSearchParams } from '@tanstack/react-router'
import { act, cleanup, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '#client/i18n/en.ts'
import { renderRoutes } from '#tests/support/client-render.tsx'
import { fakeAdsFetch } from '#tests/support/fake-ads-api.ts'
import { installFetchMock } from '#tests/support/fetch-mock.ts'
import { listingSearchDefaults, parseListingSearch } from '../listing-search.ts'
import { ListingPage } from './listing-page.tsx'

const m = en.listing

// The same path, search validation and component as routes/ca.$province.$category.tsx, in a router
// of its own so the page is tested without the app shell around it.
function renderListing(url: string) {
  const root = createRootRoute({ component: Outlet })
  const listing = createRoute({
    getParentRoute: () => root,
    path: '/ca/$province/$category',
    validateSearch: parseListingSearch,
    search: { middlewares: [stripSearchParams(listingSearchDefaults)] },
    component: function Listing() {
      const { province, category } = listing.useParams()
      return <ListingPage provinceParam={province} categoryParam={category} />
    },
  })
  return renderRoutes(root.addChildren([listing]), url)
}

const titles = () => screen.getAllByRole('article').map((a) => within(a).getByRole('heading').textContent)
const count = () => screen.getByTestId('result-count').textContent

const fetchMock = installFetchMock(fakeAdsFetch)
afterEach(() => {
  cleanup()
})

describe('the listing page', () => {
  it('shows 12 generated ads of the province and category, with the result count', async () => {
    renderListing('/ca/on/adult-castings')
    expect(await screen.findByRole('heading', { level: 1, name: 'Adult Castings in Ontario' })).toBeTruthy()
    expect(await screen.findByText('10 ads')).toBeTruthy()
    expect(titles()).toHaveLength(10)
    expect(screen.getAllByText(m.contactForPrice)).toHaveLength(10)
    expect(screen.queryByRole('navigation', { name: m.pagination })).toBeNull()
  })

  it('names All Canada and All cities, and pages through 12 at a time with numbered links', async () => {
    const router = renderListing('/ca/ALL/adult-buy-sell')
    expect(await screen.findByText('130 ads')).toBeTruthy()
    expect(screen.getAllByText('All Canada').length).toBeGreaterThan(0)
    expect(screen.getAllByText(m.allCities).length).toBeGreaterThan(0)
    expect(titles()).toHaveLength(12)
    const firstPage = titles()

    const user = userEvent.setup()
    await user.click(screen.getByRole('link', { name: 'Page 2' }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ page: 2 }))
    await waitFor(() => expect(titles()).not.toEqual(firstPage))
    expect(screen.getByRole('link', { name: 'Page 2' }).getAttribute('aria-current')).toBe('page')
    await user.click(screen.getByRole('link', { name: m.previous }))
    await waitFor(() => expect(titles()).toEqual(firstPage))
  })

  it('shows the legal notice only on the adult-services listing, and filters by companion type', async () => {
    renderListing('/ca/BC/adult-services?escortType=trans-companion')
    expect(await screen.findByText(m.legalNoticeTitle)).toBeTruthy()
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Trans Companion in British Columbia')
    expect(await screen.findByText('3 ads')).toBeTruthy()
    cleanup()
    renderListing('/ca/BC/adult-buy-sell?escortType=trans-companion')
    expect(await screen.findByText('10 ads')).toBeTruthy()
    expect(screen.queryByText(m.legalNoticeTitle)).toBeNull()
  })

  it('keeps only verified ads when the box is ticked, and Clear undoes every filter', async () => {
    const router = renderListing('/ca/QC/adult-pics-vids?q=photo')
    const user = userEvent.setup()
    await screen.findAllByRole('article')
    const before = Number(count()?.split(' ')[0])
    // the sidebar's copy of the filters (the phone sheet is closed)
    const filters = screen.getByRole('complementary', { name: m.filters })
    await user.click(within(filters).getByRole('checkbox', { name: m.verifiedOnly }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ verified: true, q: 'photo' }))
    await waitFor(() => expect(Number(count()?.split(' ')[0])).toBeLessThan(before))
    expect(screen.getAllByRole('article').every((a) => within(a).queryByText(m.verified))).toBe(true)

    await user.click(within(filters).getByRole('button', { name: m.clear }))
    await waitFor(() => expect(router.state.location.searchStr).toBe(''))
    expect(count()).toBe('10 ads')
  })

  it('asks for ads available now when that box is ticked: no demo ad is', async () => {
    const router = renderListing('/ca/QC/adult-pics-vids')
    const user = userEvent.setup()
    await screen.findAllByRole('article')
    const filters = screen.getByRole('complementary', { name: m.filters })
    await user.click(within(filters).getByRole('checkbox', { name: m.availableOnly }))
    await waitFor(() => expect(router.state.location.search).toMatchObject({ available: true }))
    expect(await screen.findByText(m.emptyTitle)).toBeTruthy()
    expect(screen.queryAllByRole('article')).toHaveLength(0)
  })

  it('searches within results from the keyword box and says so when nothing matches', async () => {
    const router = renderListing('/ca/ON/adult-buy-sell')
    const user = userEvent.setup()
    const filters = await screen.findByRole('complementary', { name: m.filters })
    await user.type(within(filters).getByLabelText(m.search), 'zebra{Enter}')
    await waitFor(() => expect(router.state.location.search).toMatchObject({ q: 'zebra' }))
    expect(await screen.findByText(m.emptyTitle)).toBeTruthy()
    expect(count()).toBe('No ads')
  })

  it('asks the API for exactly the filters in the URL', async () => {
    renderListing(
      '/ca/qc/adult-services?escortType=trans-companion&q=robe&sort=price-desc&verified=true&page=2',
    )
    await waitFor(() => expect(fetchMock).toHaveBeenCalled())
    const url = new URL(String(fetchMock.mock.calls[0]?.[0]), 'http://localhost')
    expect(url.pathname).toBe('/api/ads')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      province: 'QC',
      category: 'adult-services',
      escortType: 'trans-companion',
      q: 'robe',
      sort: 'price-desc',
      verified: 'true',
      page: '2',
    })
  })

  it('says the ads could not be loaded and tries again on request', async () => {
    // the first attempt and its one automatic retry both fail
    const down = async () => Response.json({ detail: 'down' }, { status: 503 })
    fetchMock.mockImplementationOnce(down).mockImplementationOnce(down)
    renderListing('/ca/ON/adult-buy-sell')
    const user = userEvent.setup()
    // the automatic retry waits a second first
    await user.click(await screen.findByRole('button', { name: m.retry }, { timeout: 5_000 }))
    expect(await screen.findByText('10 ads')).toBeTruthy()
  })

  it('opens a demo ad in a dialog with its price, place, and a sample notice instead of a reveal', async () => {
    renderListing('/ca/NU/adult-services')
    const user = userEvent.setup()
    const first = (await screen.findAllByRole('article'))[0] as HTMLElement
    await user.click(within(first).getByRole('link'))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('$120 / hour')).toBeTruthy()
    expect(within(dialog).getAllByText(/Iqaluit, Nunavut/).length).toBeGreaterThan(0)
    expect(within(dialog).getByText(en.adDialog.sampleAd)).toBeTruthy()
    expect(within(dialog).queryByRole('button', { name: en.adDialog.reveal })).toBeNull()
    expect(within(dialog).getByRole('button', { name: en.adDialog.report })).toBeTruthy()
    await act(async () => {
      await user.keyboard('{Escape}')
    })
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })
})
