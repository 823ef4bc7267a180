import { describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '#domain/listing.ts'
import { FAIR_SHARE, fairPage, walkPages } from './ad-search.ts'

// The fair walk of the listing (docs/decisions/048-advertisers.md) on orders the API tests would need
// hundreds of ads for.

type Ranked = { id: string; ownerId: string | null }

/** `n` ads of `owner` (null: a demo ad), named owner-index. */
function adsOf(owner: string | null, n: number, from = 0): Ranked[] {
  return Array.from({ length: n }, (_, i) => ({ id: `${owner ?? 'demo'}-${from + i}`, ownerId: owner }))
}

function pages(order: Ranked[]): string[][] {
  const count = Math.max(1, Math.ceil(order.length / PAGE_SIZE))
  return Array.from({ length: count }, (_, i) => walkPages(order, i + 1))
}

const ownerOf = (id: string) => id.slice(0, id.lastIndexOf('-'))

describe('the fair walk over the listing order', () => {
  it('spreads one advertiser’s 100 ads at the top 3 a page while others are left, each ad once', () => {
    const order = [...adsOf('big', 100), ...adsOf('a', 20), ...adsOf('b', 20), ...adsOf(null, 40)]
    const all = pages(order)
    // 80 other ads fill 9 places on each of the first 8 pages, then ...
    for (const page of all.slice(0, 8)) {
      expect(page).toHaveLength(PAGE_SIZE)
      expect(page.filter((id) => ownerOf(id) === 'big')).toHaveLength(FAIR_SHARE)
      expect(page.filter((id) => ownerOf(id) === 'a').length).toBeLessThanOrEqual(FAIR_SHARE)
    }
    // ... its first ad leads page 1, the next ones the following pages, in order
    expect(all[0]?.slice(0, 3)).toEqual(['big-0', 'big-1', 'big-2'])
    expect(all[1]?.slice(0, 3)).toEqual(['big-3', 'big-4', 'big-5'])
    const seen = all.flat()
    expect(seen).toHaveLength(order.length)
    expect(new Set(seen)).toEqual(new Set(order.map((ad) => ad.id)))
  })

  it('never holds back demo ads', () => {
    expect(walkPages(adsOf(null, 30), 1)).toEqual(adsOf(null, 12).map((ad) => ad.id))
  })

  it('reads a longer prefix of the order only while a page is not full', async () => {
    const order = [...adsOf('big', 300), ...adsOf('a', 3), ...adsOf('b', 3), ...adsOf('c', 3)]
    const limits: number[] = []
    const ranked = async (limit: number) => {
      limits.push(limit)
      return order.slice(0, limit)
    }
    expect(await fairPage(ranked, 1)).toEqual(walkPages(order, 1))
    expect(limits.length).toBeGreaterThan(1)
    expect(limits).toEqual([...limits].sort((x, y) => x - y))
    limits.length = 0
    const plain = [...adsOf('a', 3), ...adsOf('b', 3), ...adsOf('c', 3), ...adsOf('d', 3), ...adsOf('e', 40)]
    const read = async (limit: number) => {
      limits.push(limit)
      return plain.slice(0, limit)
    }
    expect(await fairPage(read, 1)).toHaveLength(PAGE_SIZE)
    expect(limits).toHaveLength(1)
  })
})
