import { useRouter } from '@tanstack/react-router'
import { ALL, type ProvinceOrAll } from '#domain/provinces.ts'
import { cityTarget, listingHref, parseListingPath, provinceTarget } from './listing-target.ts'
import { useCurrentLocation } from './use-current-location.ts'

export interface BrowseState {
  /** the listing's province; undefined elsewhere so the selector shows its placeholder */
  province: ProvinceOrAll | undefined
  /** the listing's city (ALL when none); undefined elsewhere */
  city: string | undefined
  chooseProvince: (province: ProvinceOrAll) => void
  chooseCity: (city: string) => void
}

/** Province and city of the current listing, and navigation for the header's selectors. */
export function useBrowse(): BrowseState {
  const router = useRouter()
  const current = useCurrentLocation()
  const listing = parseListingPath(current.pathname)
  const rawCity = current.search.city
  const city = listing ? (typeof rawCity === 'string' && rawCity !== '' ? rawCity : ALL) : undefined
  return {
    province: listing?.province,
    city,
    chooseProvince: (province) =>
      void router.navigate({ href: listingHref(provinceTarget(current, province)) }),
    chooseCity: (next) =>
      void router.navigate({ href: listingHref(cityTarget(current, listing?.province ?? ALL, next)) }),
  }
}
