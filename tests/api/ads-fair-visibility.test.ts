// Fair visibility (issue 42 item 6, docs/decisions/048-advertisers.md): one advertiser's ads take at
// most 3 of a page's 12 places, the rest move down; bumps still come first; pages neither lose nor
// repeat an ad; demo ads belong to nobody.
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { PAGE_SIZE } from '#domain/listing.ts'
import { changed } from '#server/db/after-commit.ts'
import { ads } from '#server/db/schema/ads.ts'
import { liveAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const api = setupTestApp()

interface Listed {
  id: string
}

async function page(n: number, query = 'province=QC'): Promise<string[]> {
  const res = await api.t.app.inject({ method: 'GET', url: `/api/ads?${query}&page=${n}` })
  expect(res.statusCode).toBe(200)
  return res.json<{ items: Listed[] }>().items.map((ad) => ad.id)
}

async function owners(ids: string[]): Promise<Map<string, string | null>> {
  const rows = await api.t.db
    .select({ id: ads.id, ownerId: ads.ownerId })
    .from(ads)
    .where(inArray(ads.id, ids))
  return new Map(rows.map((row) => [row.id, row.ownerId]))
}

async function liveAds(m: Member, n: number): Promise<string[]> {
  const ids: string[] = []
  for (let i = 0; i < n; i++) ids.push(await liveAd(api.t, m))
  return ids
}

function countOf(ids: string[], owned: Map<string, string | null>, ownerId: string): number {
  return ids.filter((id) => owned.get(id) === ownerId).length
}

describe('fair visibility in the listing', () => {
  it('shows one advertiser’s 6 bumped ads in at most 3 of the first 12 places, the rest on page 2', async () => {
    const others = await Promise.all([member(api.t), member(api.t), member(api.t)])
    const othersAds: string[] = []
    for (const other of others) othersAds.push(...(await liveAds(other, 3)))
    const heavy = await member(api.t, { cents: 5_000 })
    const heavyAds = await liveAds(heavy, 6)
    // bumped one after another: the last bumped is the newest of all
    for (const id of heavyAds) expect((await payFee(api.t, heavy, 'bump', id)).statusCode).toBe(200)

    const first = await page(1)
    const second = await page(2)
    const owned = await owners([...first, ...second])
    expect(first).toHaveLength(PAGE_SIZE)
    expect(countOf(first, owned, heavy.id)).toBe(3)
    // the bump still puts the ad first
    expect(first[0]).toBe(heavyAds[5])
    expect(first.slice(0, 3)).toEqual([heavyAds[5], heavyAds[4], heavyAds[3]])
    expect(countOf(second, owned, heavy.id)).toBe(3)
    expect(second.slice(0, 3)).toEqual([heavyAds[2], heavyAds[1], heavyAds[0]])
    // nothing lost, nothing repeated
    const all = [...first, ...second]
    expect(new Set(all).size).toBe(all.length)
    expect(new Set(all)).toEqual(new Set([...othersAds, ...heavyAds]))
  })

  it('keeps every page to 3 ads of one advertiser over many pages, each ad once', async () => {
    const others = await Promise.all(Array.from({ length: 6 }, () => member(api.t)))
    const othersAds: string[] = []
    for (const other of others) othersAds.push(...(await liveAds(other, 3)))
    const heavy = await member(api.t, { cents: 10_000 })
    const heavyAds = await liveAds(heavy, 9)
    for (const id of heavyAds) expect((await payFee(api.t, heavy, 'bump', id)).statusCode).toBe(200)
    const res = await api.t.app.inject({ method: 'GET', url: '/api/ads?province=QC' })
    expect(res.json()).toMatchObject({ total: 27, pages: 3 })
    const seen: string[] = []
    for (let n = 1; n <= 3; n++) {
      const ids = await page(n)
      const owned = await owners(ids)
      expect(countOf(ids, owned, heavy.id)).toBe(3)
      for (const other of others) expect(countOf(ids, owned, other.id)).toBeLessThanOrEqual(3)
      seen.push(...ids)
    }
    expect(seen).toHaveLength(27)
    expect(new Set(seen)).toEqual(new Set([...heavyAds, ...othersAds]))
  })

  it('never holds back demo ads, which belong to no advertiser', async () => {
    const seller = await member(api.t)
    const ids = await liveAds(seller, 5)
    // as seeded demo ads are: no owner
    await api.t.db.update(ads).set({ ownerId: null, demo: true }).where(inArray(ads.id, ids))
    changed(api.t.db, 'ads')
    expect(new Set(await page(1))).toEqual(new Set(ids))
  })

  it('applies to other sorts too, and at the end of the listing the waiting ads fill the page', async () => {
    const heavy = await member(api.t)
    const cheap = await liveAds(heavy, 5)
    await api.t.db.update(ads).set({ priceCents: 100 }).where(inArray(ads.id, cheap))
    const other = await member(api.t)
    const [dear] = await liveAds(other, 1)
    await api.t.db
      .update(ads)
      .set({ priceCents: 9_000 })
      .where(eq(ads.id, dear as string))
    changed(api.t.db, 'ads')
    const first = await page(1, 'province=QC&sort=price-asc')
    const owned = await owners(first)
    // the dearest ad moves up past 2 cheaper ones of the same advertiser; nothing else is left to show
    expect(first.map((id) => owned.get(id))).toEqual([
      heavy.id,
      heavy.id,
      heavy.id,
      other.id,
      heavy.id,
      heavy.id,
    ])
  })
})
