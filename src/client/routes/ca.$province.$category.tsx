import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import { ListingPage } from '#client/features/listing/components/listing-page.tsx'
import { UnknownCategory } from '#client/features/listing/components/unknown-category.tsx'
import {
  listingQuery,
  listingSearchDefaults,
  parseListingSearch,
} from '#client/features/listing/listing-search.ts'
import { isCategoryKey } from '#domain/categories.ts'
import { matchProvince } from '#domain/provinces.ts'

// /ca/{province}/{category}: the province is matched case-insensitively (an unknown one is "any
// other path" and goes home, as the spec says); an unknown category is a 404 page listing the real ones.
const knownCategory = (param: string) => isCategoryKey(param.trim().toLowerCase())
export const Route = createFileRoute('/ca/$province/$category')({
  validateSearch: parseListingSearch,
  search: { middlewares: [stripSearchParams(listingSearchDefaults)] },
  beforeLoad: ({ params }) => {
    if (!matchProvince(params.province)) throw redirect({ to: '/', replace: true })
  },
  // The server render waits for the ads, to send them inside the page; the browser never waits here:
  // the page shows the saved results or its loading state while the query runs.
  loaderDeps: ({ search }) => search,
  loader: async ({ context, params, deps }) => {
    if (!import.meta.env.SSR || !knownCategory(params.category)) return
    // imported here, not at the top: this file is in every page's first load, the query code is not
    const { adsListQuery } = await import('#client/features/listing/api/list-ads.ts')
    // a failed fetch stays in the query's state, and the page says so (it is not the router's error)
    await context.queryClient
      .ensureQueryData(adsListQuery(listingQuery(params.province, params.category, deps)))
      .catch(() => undefined)
  },
  component: ListingRoute,
})

function ListingRoute() {
  const { province, category } = Route.useParams()
  const place = matchProvince(province)
  if (!knownCategory(category) && place) return <UnknownCategory province={place} />
  return <ListingPage provinceParam={province} categoryParam={category} />
}
