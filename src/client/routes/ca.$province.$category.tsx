import { createFileRoute, redirect, stripSearchParams } from '@tanstack/react-router'
import { ListingPage } from '#client/features/listing/listing-page.tsx'
import { listingSearchDefaults, parseListingSearch } from '#client/features/listing/listing-search.ts'
import { matchProvince } from '#domain/provinces.ts'

// /ca/{province}/{category}: the province is matched case-insensitively (an unknown one is "any
// other path" and goes home); an unknown category falls back to adult-buy-sell.
export const Route = createFileRoute('/ca/$province/$category')({
  validateSearch: parseListingSearch,
  search: { middlewares: [stripSearchParams(listingSearchDefaults)] },
  beforeLoad: ({ params }) => {
    if (!matchProvince(params.province)) throw redirect({ to: '/', replace: true })
  },
  component: ListingRoute,
})

function ListingRoute() {
  const { province, category } = Route.useParams()
  return <ListingPage provinceParam={province} categoryParam={category} />
}
