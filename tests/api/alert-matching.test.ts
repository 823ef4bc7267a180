import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq, isNotNull, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SavedSearchCreate } from '#domain/api/saved-searches.ts'
import { MIGRATIONS_FOLDER } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { savedSearches } from '#server/db/schema/saved-searches.ts'
import { listingConditions } from '#server/services/ads/ad-search.ts'
import { matchingSearches } from '#server/services/alerts/alerts.ts'
import { listingQueryOf } from '#server/services/saved-searches/saved-searches.ts'
import { liveAd, type Member, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { saveSearch } from '#tests/support/saved-searches.ts'

// Matching a new ad against every saved search in one statement (issue 41 item 5,
// docs/decisions/061-matching-at-scale.md) must answer what each search's listing shows: the same
// ad, the listing's own conditions, search by search, are the reference.

// one app for the file and no reset between tests: every test reads the same searches and ads
let t: TestApp

const SEARCHES: SavedSearchCreate[] = [
  { province: 'QC', category: 'adult-buy-sell' },
  { province: 'ALL', category: 'adult-buy-sell' },
  { province: 'ON', category: 'adult-buy-sell' },
  { province: 'QC', category: 'adult-castings' },
  { province: 'QC', category: 'adult-buy-sell', city: 'montreal' },
  { province: 'QC', category: 'adult-buy-sell', city: 'Québec City' },
  { province: 'QC', category: 'adult-buy-sell', verified: true },
  { province: 'QC', category: 'adult-buy-sell', q: 'silk' },
  { province: 'QC', category: 'adult-buy-sell', q: 'robes' },
  { province: 'QC', category: 'adult-buy-sell', q: 'ROBE' },
  { province: 'QC', category: 'adult-buy-sell', q: '"silk robe"' },
  { province: 'QC', category: 'adult-buy-sell', q: '"robe silk"' },
  { province: 'QC', category: 'adult-buy-sell', q: 'silk -lace' },
  { province: 'QC', category: 'adult-buy-sell', q: 'lace or corset' },
  { province: 'QC', category: 'adult-buy-sell', q: 'cors' },
  { province: 'QC', category: 'adult-buy-sell', q: 'dentel' },
  { province: 'ALL', category: 'adult-buy-sell', q: 'montréal' },
  { province: 'QC', category: 'adult-buy-sell', q: 'smoke-free' },
  { province: 'QC', category: 'adult-buy-sell', q: '---' },
  { province: 'QC', category: 'adult-buy-sell', q: `${'-x '.repeat(12)}robe` },
  { province: 'QC', category: 'adult-buy-sell', q: 'jacket' },
  { province: 'QC', category: 'adult-services' },
  { province: 'QC', category: 'adult-services', escortType: 'female-companion' },
  { province: 'QC', category: 'adult-services', escortType: 'male-companion', q: 'dinner' },
]

let owner: Member
let searcher: Member
const adIds: string[] = []

afterAll(() => t.close())

beforeAll(async () => {
  t = await createTestApp()
  owner = await member(t, { trusted: true, cents: 10_000 })
  searcher = await member(t)
  const other = await member(t)
  for (const [i, body] of SEARCHES.entries())
    await saveSearch(t, i % 5 === 4 ? other : searcher, { ...body, alert: 'email' })
  // the owner's own search never alerts them about their own ad
  await saveSearch(t, owner, { province: 'QC', category: 'adult-buy-sell', alert: 'email' })
  // and a search without an alert is never a candidate
  await saveSearch(t, other, { province: 'ON', category: 'adult-castings', q: 'robe', alert: 'none' })
  const plain = await member(t, { cents: 10_000 })
  for (const [who, overrides] of [
    [owner, { title: 'Vintage silk robe' }],
    [owner, { title: 'Robe de soie ancienne', city: 'Québec City' }],
    [owner, { title: 'Lace corset, size M', description: 'Black dentelle corset. Smoke-free home.' }],
    [plain, { title: 'Silk robe and lace', city: 'Laval' }],
    [plain, { title: 'Leather jacket', province: 'ON', city: 'Toronto' }],
    [plain, { title: 'Casting: robe models', category: 'adult-castings' }],
    [
      owner,
      {
        title: 'Dinner companion',
        category: 'adult-services',
        escortType: 'male-companion',
        ownServicesConfirmed: true,
      },
    ],
    [
      owner,
      {
        title: 'Gala companion',
        category: 'adult-services',
        escortType: 'female-companion',
        ownServicesConfirmed: true,
      },
    ],
  ] as const)
    adIds.push(await liveAd(t, who, overrides))
})

/** The searches whose listing shows the ad: the listing's conditions, one search at a time. */
async function listingReference(adId: string): Promise<string[]> {
  const [ad] = await t.db.select().from(ads).where(eq(ads.id, adId))
  const all = await t.db.select().from(savedSearches)
  const shown: string[] = []
  for (const search of all) {
    if (search.alert === 'none' || search.userId === ad?.ownerId) continue
    const [hit] = await t.db
      .select({ id: ads.id })
      .from(ads)
      .where(and(eq(ads.id, adId), listingConditions(listingQueryOf(search), new Date())))
    if (hit) shown.push(search.id)
  }
  return shown.sort()
}

describe('matching a new ad against the saved searches', () => {
  it('finds, in one statement, exactly the searches whose listing shows the ad', async () => {
    let matches = 0
    for (const adId of adIds) {
      const found = (await matchingSearches(t.db, adId)).map((search) => search.id).sort()
      expect(found, adId).toEqual(await listingReference(adId))
      matches += found.length
    }
    // the reference is not empty: the ads were made to match many of the searches, and miss others
    expect(matches).toBeGreaterThan(20)
  })

  it('matches nothing for an ad that is not listed', async () => {
    const [first] = adIds
    await t.db
      .update(ads)
      .set({ status: 'held' })
      .where(eq(ads.id, first ?? ''))
    try {
      expect(await matchingSearches(t.db, first ?? '')).toEqual([])
    } finally {
      await t.db
        .update(ads)
        .set({ status: 'live' })
        .where(eq(ads.id, first ?? ''))
    }
  })

  it('makes the same words for searches saved before the migration as the app makes when saving', async () => {
    // the words kept for every search with words, as they are now
    const matchWords = () =>
      t.db
        .select({
          id: savedSearches.id,
          q: savedSearches.q,
          query: sql<string>`${savedSearches.matchQuery}::text`,
          partial: savedSearches.matchPartial,
        })
        .from(savedSearches)
        .where(isNotNull(savedSearches.q))
    const made = await matchWords()
    const migration = readFileSync(join(MIGRATIONS_FOLDER, '0020_saved_search_matching.sql'), 'utf8')
    const backfill = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'))
    await t.db.update(savedSearches).set({ matchQuery: null, matchPartial: null })
    await t.db.execute(sql.raw(backfill ?? ''))
    const again = await matchWords()
    // a search with more than 8 dashes keeps none in the backfill (the app keeps the first 8)
    const many = (q: string | null) => (q ?? '').split('-').length - 1 > 8
    const byId = (a: { id: string }, b: { id: string }) => a.id.localeCompare(b.id)
    expect(again.filter((row) => !many(row.q)).sort(byId)).toEqual(
      made.filter((row) => !many(row.q)).sort(byId),
    )
    const [dashes] = again.filter((row) => many(row.q))
    expect(dashes?.query).toMatch(/'robe'/)
    expect(dashes?.query).not.toContain('!')
  })
})
