import { performance } from 'node:perf_hooks'
import type { Ad } from '#domain/ad.ts'
import { type ListingQuery, queryListing } from '#domain/listing.ts'
import { mockAds } from '#domain/mock-ads.ts'

export interface ListingTiming {
  label: string
  ads: number
  medianMs: number
  p95Ms: number
}

// The changes a visitor makes on the listing page, each timed as the page does it: filter, sort and
// slice one page out of every ad.
const QUERIES: { label: string; query: ListingQuery }[] = [
  { label: 'All Canada, newest, page 1', query: { province: 'ALL', category: 'adult-buy-sell' } },
  {
    label: 'All Canada, price-asc, page 3',
    query: { province: 'ALL', category: 'adult-buy-sell', sort: 'price-asc', page: 3 },
  },
  {
    label: 'ON + city + verified + price-desc',
    query: {
      province: 'ON',
      category: 'adult-buy-sell',
      city: 'Toronto',
      verifiedOnly: true,
      sort: 'price-desc',
    },
  },
  {
    label: 'companions, type + search "toronto"',
    query: { province: 'ALL', category: 'adult-services', escortType: 'female-companion', q: 'toronto' },
  },
]

function timeRuns(run: () => void, runs: number): { medianMs: number; p95Ms: number } {
  for (let i = 0; i < 20; i++) run() // warm the JIT and the search-text cache, as a page in use would be
  const samples: number[] = []
  for (let i = 0; i < runs; i++) {
    const start = performance.now()
    run()
    samples.push(performance.now() - start)
  }
  samples.sort((a, b) => a - b)
  return {
    medianMs: samples[Math.floor(samples.length / 2)] ?? Number.NaN,
    p95Ms: samples[Math.floor(samples.length * 0.95)] ?? Number.NaN,
  }
}

/** Median time of each query over the full mock data set, plus a 10× set to show the headroom. */
export function benchListing(runs = 300): ListingTiming[] {
  const generated = mockAds()
  // ten copies with distinct ids stand in for a much larger catalogue (the user's own ads included)
  const large: Ad[] = Array.from({ length: 10 }, (_, copy) =>
    generated.map((ad) => ({ ...ad, id: `${ad.id}-x${copy}` })),
  ).flat()
  const out: ListingTiming[] = []
  for (const { label, query } of QUERIES) {
    out.push({
      label,
      ads: generated.length,
      ...timeRuns(() => queryListing({ own: [], generated }, query), runs),
    })
  }
  const worst = QUERIES[1]
  if (worst) {
    out.push({
      label: `${worst.label} (10× ads)`,
      ads: large.length,
      ...timeRuns(() => queryListing({ own: [], generated: large }, worst.query), Math.ceil(runs / 3)),
    })
  }
  return out
}
