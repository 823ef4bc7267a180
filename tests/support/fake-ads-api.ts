// For unit tests of the listing screens: answers GET /api/ads from the server's demo ads, filtered,
// searched, sorted and paged in memory the way the server's SQL does it for these simple cases. The
// server's search itself is tested against PostgreSQL and PGlite in tests/api/ads-search.test.ts.
import type { Ad } from '#domain/ad.ts'
import { type AdList, type AdListQuery, AdListQuerySchema, type PublicAd } from '#domain/api/ads.ts'
import { SERVICES_CATEGORY } from '#domain/categories.ts'
import { foldAccents } from '#domain/fold-accents.ts'
import { clampPage, isAllCities, PAGE_SIZE, pageCount } from '#domain/listing.ts'
import { ALL } from '#domain/provinces.ts'
import { demoAds } from '#server/services/ads/demo-ad-generator.ts'

function toPublicAd(ad: Ad): PublicAd {
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
    availableUntil: null,
    tours: [],
  }
}

function matches(ad: Ad, query: AdListQuery): boolean {
  const words = foldAccents(query.q ?? '')
    .split(/\s+/)
    .filter((word) => word !== '')
  const text = foldAccents(`${ad.title}\n${ad.description}\n${ad.city}`)
  const escortType = query.category === SERVICES_CATEGORY ? query.escortType : undefined
  return (
    (query.category === undefined || ad.category === query.category) &&
    (query.province === undefined || query.province === ALL || ad.province === query.province) &&
    (isAllCities(query.city) || foldAccents(ad.city) === foldAccents(query.city?.trim() ?? '')) &&
    (escortType === undefined || ad.escortType === escortType) &&
    (query.verified !== true || ad.verified) &&
    // demo ads have no owner to say they are available now
    query.available !== true &&
    words.every((word) => text.includes(word))
  )
}

function byQueryOrder(query: AdListQuery): (a: Ad, b: Ad) => number {
  switch (query.sort) {
    case 'price-asc':
      return (a, b) => a.price - b.price
    case 'price-desc':
      return (a, b) => b.price - a.price
    default:
      return (a, b) => Date.parse(b.postedAt) - Date.parse(a.postedAt)
  }
}

/** The answer GET /api/ads?… would give over the demo ads. */
function fakeAdList(url: URL): AdList {
  const query = AdListQuerySchema.parse(Object.fromEntries(url.searchParams))
  const found = demoAds()
    .filter((ad) => matches(ad, query))
    .sort(byQueryOrder(query))
  const pages = pageCount(found.length)
  const page = clampPage(query.page, pages)
  const items = found.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(toPublicAd)
  return { items, total: found.length, page, pages }
}

/** A fetch that serves GET /api/ads from the demo ads and refuses everything else. */
export const fakeAdsFetch: typeof fetch = async (input) => {
  const url = new URL(String(input instanceof Request ? input.url : input), 'http://localhost')
  if (url.pathname.endsWith('/ads')) return Response.json(fakeAdList(url))
  return Response.json({ detail: 'Not found' }, { status: 404 })
}
