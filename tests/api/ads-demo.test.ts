import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATEGORIES } from '#domain/categories.ts'
import { PROVINCES } from '#domain/provinces.ts'
import { seedDemoAdsEnabled } from '#server/config.ts'
import { ads } from '#server/db/schema/ads.ts'
import { DEMO_ADS_ANCHOR, DEMO_ADS_PER_GROUP } from '#server/services/ads/demo-ad-generator.ts'
import { seedDemoAds } from '#server/services/ads/demo-ads.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp
const DEMO_COUNT = PROVINCES.length * CATEGORIES.length * DEMO_ADS_PER_GROUP

beforeAll(async () => {
  t = await createTestApp({ SEED_DEMO_ADS: true })
})
afterAll(() => t.close())

describe('demo ads', () => {
  it('are seeded at start as live ads without contact details, 10 per province per category', async () => {
    const all = await t.app.inject({ method: 'GET', url: '/api/ads' })
    expect(all.json().total).toBe(DEMO_COUNT)
    const group = await t.app.inject({ method: 'GET', url: '/api/ads?province=NS&category=adult-castings' })
    expect(group.json().total).toBe(DEMO_ADS_PER_GROUP)
    const first = group.json().items[0]
    expect(first).toMatchObject({ demo: true, hasContact: false, province: 'NS' })
    expect(first.id).toMatch(/^[0-9a-z]{12}$/)
    expect(first.images[0]).toMatch(/^\/stock\//)
    // nobody is behind a demo ad, so no admin verified it (docs/decisions/031-verified-advertisers.md)
    const verified = await t.app.inject({ method: 'GET', url: '/api/ads?verified=true' })
    expect(verified.json().total).toBe(0)
    expect(all.json().items.some((ad: { verified: boolean }) => ad.verified)).toBe(false)
  })

  it('are never verified, even rows seeded when generated ads still carried the badge', async () => {
    await t.db.update(ads).set({ verified: true }).where(eq(ads.demo, true))
    await seedDemoAds(t.db, 30)
    const verified = await t.app.inject({ method: 'GET', url: '/api/ads?verified=true' })
    expect(verified.json().total).toBe(0)
  })

  it('seed again without duplicating, keeping an admin removal', async () => {
    const [one] = await t.db.select().from(ads).limit(1)
    if (!one) throw new Error('no demo ad')
    await t.db.update(ads).set({ status: 'removed' }).where(eq(ads.id, one.id))
    expect(await seedDemoAds(t.db, 30)).toBe(0)
    expect(await t.db.$count(ads)).toBe(DEMO_COUNT)
    const [again] = await t.db.select().from(ads).where(eq(ads.id, one.id))
    expect(again?.status).toBe('removed')
  })

  it('rank below every real ad, since they keep their generated posting times', async () => {
    const [newest] = await t.db.select().from(ads).orderBy(desc(ads.rankedAt)).limit(1)
    expect(newest?.rankedAt?.toISOString()).toBe(DEMO_ADS_ANCHOR)
  })

  it('are on by default in development only', () => {
    expect(seedDemoAdsEnabled({ NODE_ENV: 'development', SEED_DEMO_ADS: undefined })).toBe(true)
    expect(seedDemoAdsEnabled({ NODE_ENV: 'production', SEED_DEMO_ADS: undefined })).toBe(false)
    expect(seedDemoAdsEnabled({ NODE_ENV: 'test', SEED_DEMO_ADS: undefined })).toBe(false)
    expect(seedDemoAdsEnabled({ NODE_ENV: 'production', SEED_DEMO_ADS: true })).toBe(true)
  })
})

// issue 43 item 27: sample ads speak the reader's language (docs/decisions/065-sample-ads-in-french.md)
describe('demo ads in French', () => {
  const get = (url: string, language: string) =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-language': language } })

  it('read in French for a French reader, with French city names, and in English otherwise', async () => {
    const url = '/api/ads?province=QC&category=adult-pics-vids&city=Qu%C3%A9bec%20City'
    const english = (await get(url, 'en-CA')).json().items
    const french = (await get(url, 'fr-CA')).json().items
    expect(english.length).toBeGreaterThan(0)
    expect(french.map((ad: { id: string }) => ad.id)).toEqual(english.map((ad: { id: string }) => ad.id))
    for (const ad of english) {
      expect(ad.title).toMatch(/ – Québec City$/)
      expect(ad.description).toMatch(/Based in Québec City, Quebec\.$/)
    }
    for (const ad of french) {
      expect(ad.title).toMatch(/ – Québec$/)
      expect(ad.description).toMatch(/ À Québec, Québec\.$/)
      expect(`${ad.title} ${ad.description}`).not.toMatch(/\b(Based|photo set|series)\b/)
    }
    // the place stays the one searched and filtered by
    expect(french[0].city).toBe('Québec City')

    const one = french[0].id
    const page = (await get(`/api/ads/${one}`, 'fr-CA')).json()
    expect(page.title).toBe(french[0].title)
    expect((await get(`/api/ads/${one}`, 'en-CA')).json().title).toBe(english[0].title)
  })

  it('are found by the French words a French reader sees, and still by their English ones', async () => {
    const url = '/api/ads?province=QC&category=adult-buy-sell'
    const [shown] = (await get(url, 'fr-CA')).json().items as { id: string; title: string }[]
    const [english] = (await get(`/api/ads/${shown?.id}`, 'en-CA').then((r) => [r.json()])) as {
      title: string
      description: string
    }[]
    // a word of the French title that the English text does not have
    const word = shown?.title
      .split(/[^\p{L}]+/u)
      .find(
        (w) =>
          w.length >= 5 &&
          !`${english?.title} ${english?.description}`.toLowerCase().includes(w.toLowerCase()),
      )
    expect(word, shown?.title).toBeDefined()
    const found = (await get(`${url}&q=${encodeURIComponent(word ?? '')}`, 'fr-CA')).json().items
    expect(found.map((ad: { id: string }) => ad.id)).toContain(shown?.id)
    const englishWord = english?.title.split(/[^\p{L}]+/u).find((w) => w.length >= 5) ?? ''
    const byEnglish = (await get(`${url}&q=${encodeURIComponent(englishWord)}`, 'en-CA')).json().items
    expect(byEnglish.map((ad: { id: string }) => ad.id)).toContain(shown?.id)
  })

  it('name the companion type in French, and an advertiser’s own ad reads as written in both', async () => {
    const french = (await get('/api/ads?province=ON&category=adult-services', 'fr-CA')).json().items
    expect(french[0].description).toMatch(/^(Accompagnatrice|Accompagnateur|Accompagnement trans) à /)
    expect(french[0].description).toMatch(/Compagnie adulte \(18\+\) légale et consentante seulement\.$/)
    const owner = await member(t)
    const id = await liveAd(t, owner, {
      title: 'Silk robe, English words',
      province: 'QC',
      city: 'Québec City',
    })
    expect((await get(`/api/ads/${id}`, 'fr-CA')).json().title).toBe('Silk robe, English words')
  })
})
