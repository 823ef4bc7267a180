// For unit tests of the listing screens: answers GET /api/ads from the generated demo ads with the
// domain's own listing query, the way the server answers from its seeded copy of them. The server's
// search itself is tested against PostgreSQL and PGlite in tests/api/ads-search.test.ts.
import type { Ad } from '#domain/ad.ts'
import type { AdList, PublicAd } from '#domain/api/ads.ts'
import { COMPANION_TYPES, matchCategory } from '#domain/categories.ts'
import { SORT_OPTIONS } from '#domain/constants.ts'
import { queryListing } from '#domain/listing.ts'
import { mockAds } from '#domain/mock-ads.ts'
import { ALL, matchProvince } from '#domain/provinces.ts'

export function toPublicAd(ad: Ad): PublicAd {
  return {
    id: ad.id,
    title: ad.title,
    category: ad.category,
    escortType: ad.escortType ?? null,
    province: ad.province,
    city: ad.city,
    price: ad.price,
    priceUnit: ad.priceUnit,
    description: ad.description,
    images: ad.images,
    photos: ad.images.map((src) => ({ src, srcSet: '', width: 400, height: 300, placeholder: '' })),
    videos: ad.videos,
    photosUnderReview: 0,
    verified: ad.verified,
    demo: true,
    hasContact: false,
    postedAt: ad.postedAt,
    bumpedAt: ad.bumpedAt ?? null,
    updatedAt: ad.updatedAt ?? ad.postedAt,
    expiresAt: null,
  }
}

const oneOf = <T extends string>(options: readonly T[], value: string | null): T | undefined =>
  options.find((option) => option === value)

/** The answer GET /api/ads?… would give over the generated ads. */
export function fakeAdList(url: URL): AdList {
  const params = url.searchParams
  const page = queryListing(
    { own: [], generated: mockAds() },
    {
      province: matchProvince(params.get('province') ?? ALL) ?? ALL,
      category: matchCategory(params.get('category') ?? undefined),
      city: params.get('city') ?? undefined,
      escortType: oneOf(COMPANION_TYPES, params.get('escortType')),
      q: params.get('q') ?? undefined,
      sort: oneOf(SORT_OPTIONS, params.get('sort')) ?? 'new',
      verifiedOnly: params.get('verified') === 'true',
      page: Number(params.get('page') ?? 1),
    },
  )
  return { items: page.items.map(toPublicAd), total: page.total, page: page.page, pages: page.pageCount }
}

/** A fetch that serves GET /api/ads from the generated ads and refuses everything else. */
export const fakeAdsFetch: typeof fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
  if (url.pathname.endsWith('/ads')) return Response.json(fakeAdList(url))
  return Response.json({ detail: 'Not found' }, { status: 404 })
}
