import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { adEvents } from '#server/db/schema/ads.ts'
import { adBody, adRow, createAd, expire, liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.reset())

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('creating an ad', () => {
  it('creates an ad awaiting payment that only its owner can see', async () => {
    const owner = await member(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: owner.auth,
      payload: adBody(),
    })
    expect(res.statusCode).toBe(201)
    const ad = res.json()
    expect(ad.id).toMatch(/^[0-9a-z]{12}$/)
    expect(ad).toMatchObject({
      status: 'pending_payment',
      title: 'Vintage silk robe',
      price: 45,
      postedAt: null,
    })

    expect((await get(`/api/ads/${ad.id}`)).statusCode).toBe(404)
    const stranger = await member(t)
    expect((await get(`/api/ads/${ad.id}`, stranger.auth)).statusCode).toBe(404)
    const own = await get(`/api/ads/${ad.id}`, owner.auth)
    expect(own.statusCode).toBe(200)
    expect(own.json().status).toBe('pending_payment')
    // the owner's view is one person's answer, kept by no cache (SECURITY.md)
    expect(own.headers['cache-control']).toBe('no-store')
    expect((await get('/api/ads')).json().total).toBe(0)

    const mine = (await get('/api/ads/mine', owner.auth)).json()
    expect(mine.items.map((a: { id: string }) => a.id)).toEqual([ad.id])
    expect(mine.items[0].contact.phone).toBe('514-555-0100')
    const events = await t.db.select().from(adEvents).where(eq(adEvents.adId, ad.id))
    expect(events.map((e) => [e.kind, e.actor, e.toStatus])).toEqual([
      ['created', owner.id, 'pending_payment'],
    ])
  })

  it('refuses banned phrases in the title, description or contact handle with 422, like the moderation check', async () => {
    const owner = await member(t)
    const check = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/check',
      payload: { title: 'Barely legal', description: '' },
    })
    expect(check.json().ok).toBe(false)
    for (const overrides of [
      { title: 'Barely legal lingerie' },
      { description: 'Fresh t33n look' },
      { contact: { phone: '', email: '', website: '', handle: 'barely_legal' } },
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/ads',
        headers: owner.auth,
        payload: adBody(overrides),
      })
      expect(res.statusCode).toBe(422)
      expect(res.json().detail).toContain('Banned words detected')
    }
    expect((await get('/api/ads/mine', owner.auth)).json().items).toEqual([])
  })

  it('refuses invalid fields with 400 naming the field, and signed-out or unverified posters', async () => {
    const owner = await member(t)
    const post = (payload: unknown, headers = owner.auth) =>
      t.app.inject({ method: 'POST', url: '/api/ads', headers, payload: payload as object })
    const noTitle = await post(adBody({ title: '   ' }))
    expect(noTitle.statusCode).toBe(400)
    expect(noTitle.json().detail).toMatch(/^title: /)
    const tooManyPhotos = await post(adBody({ images: Array.from({ length: 9 }, (_, i) => `m${i}`) }))
    expect(tooManyPhotos.json().detail).toMatch(/images: At most 8 photos/)
    expect((await post(adBody({ province: 'XX' as 'QC' }))).json().detail).toMatch(/^province: /)
    expect((await post(adBody({ images: ['/stock/x.svg'] }))).statusCode).toBe(400)
    expect((await post(adBody({ videos: ['a', 'b', 'c', 'd', 'e'] }))).json().detail).toMatch(/videos/)
    expect((await post(adBody(), { authorization: '' })).statusCode).toBe(401)
    const unverified = await member(t, { verified: false })
    const res = await post(adBody(), unverified.auth)
    expect(res.statusCode).toBe(403)
    expect(res.json().detail).toMatch(/Verify your email/)
  })

  it('stores a title and city sent with bidi overrides and zero-width runs as they read, and refuses an invisible title', async () => {
    const owner = await member(t)
    const id = await createAd(t, owner, {
      // renders as "Leather jacket" backwards inside a normal-looking title
      title: 'Leather \u202Etekcaj\u202C \u200B\u200B\u200Bfor sale',
      city: '\u2066Mon\u200Dtr\uFEFFéal\u2069',
      description: 'Size M\u2060, worn twice.',
    })
    const row = await adRow(t, id)
    expect(row?.title).toBe('Leather tekcaj for sale')
    expect(row?.city).toBe('Montréal')
    expect(row?.description).toBe('Size M, worn twice.')

    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: owner.auth,
      payload: adBody({ title: '\u202E\u200B\uFEFF' }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toMatch(/Title is required/)
  })

  it("publishes a title-only ad, listed under its province's All cities and under no city", async () => {
    const owner = await member(t)
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/ads',
      headers: owner.auth,
      payload: { title: 'Only a title', category: 'adult-buy-sell', province: 'ON' },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ city: '', price: 0, description: '' })
    const id = await liveAd(t, owner, { title: 'Cityless robe', city: '', province: 'ON' })
    const ids = async (url: string) => (await get(url)).json().items.map((a: { id: string }) => a.id)
    expect(await ids('/api/ads?province=ON&city=ALL')).toContain(id)
    expect(await ids('/api/ads?province=ON')).toContain(id)
    expect(await ids('/api/ads?province=ON&city=Toronto')).not.toContain(id)
  })

  it('keeps an escort type only on adult-services ads', async () => {
    // a verified advertiser: only they post Adult Companions ads (docs/decisions/049-open-in-canada.md)
    const owner = await member(t, { trusted: true })
    const buySell = await createAd(t, owner, { escortType: 'female-companion' })
    expect((await adRow(t, buySell))?.escortType).toBeNull()
    const services = await createAd(t, owner, {
      category: 'adult-services',
      escortType: 'female-companion',
      ownServicesConfirmed: true,
    })
    expect((await adRow(t, services))?.escortType).toBe('female-companion')
  })
})

describe('editing and removing', () => {
  it("answers 404 to anyone editing or removing another user's ad, and leaves it untouched", async () => {
    const owner = await member(t)
    const other = await member(t)
    const id = await liveAd(t, owner)
    const patch = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${id}`,
      headers: other.auth,
      payload: { title: 'Mine now' },
    })
    expect(patch.statusCode).toBe(404)
    expect(patch.json()).toEqual({ detail: 'Ad not found', code: 'ad.not_found' })
    const del = await t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: other.auth })
    expect(del.statusCode).toBe(404)
    expect((await adRow(t, id))?.title).toBe('Vintage silk robe')
    expect((await adRow(t, id))?.status).toBe('live')
  })

  it('edits only the fields sent, re-moderates, and never changes rank, expiry or status', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const before = await adRow(t, id)
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${id}`,
      headers: owner.auth,
      payload: { title: 'Silk robe, like new', price: 40 },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      title: 'Silk robe, like new',
      price: 40,
      status: 'live',
      city: 'Montréal',
    })
    const after = await adRow(t, id)
    expect(after?.rankedAt).toEqual(before?.rankedAt)
    expect(after?.expiresAt).toEqual(before?.expiresAt)
    expect(after?.contactPhone).toBe('514-555-0100')
    // the search vector follows the new title
    expect((await get('/api/ads?q=like%20new')).json().total).toBe(1)

    const banned = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${id}`,
      headers: owner.auth,
      payload: { description: 'barely legal' },
    })
    expect(banned.statusCode).toBe(422)
    expect(banned.json().detail).toContain('Banned words detected')
    expect((await adRow(t, id))?.description).toMatch(/^Barely worn, from a smoke-free home\. Ref\. \d+$/)
  })

  it('removes softly: gone from every public answer, kept as removed for its owner, and final', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const del = await t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: owner.auth })
    expect(del.statusCode).toBe(204)
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/ads/${id}`, headers: owner.auth })).statusCode,
    ).toBe(204)
    expect((await get('/api/ads')).json().total).toBe(0)
    expect((await get(`/api/ads/${id}`)).statusCode).toBe(404)
    expect((await t.app.inject({ method: 'POST', url: `/api/ads/${id}/reveal` })).statusCode).toBe(404)
    expect((await get('/api/ads/mine', owner.auth)).json().items[0].status).toBe('removed')
    const edit = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${id}`,
      headers: owner.auth,
      payload: { title: 'Back again' },
    })
    expect(edit.statusCode).toBe(409)
    const events = await t.db.select().from(adEvents).where(eq(adEvents.adId, id))
    expect(events.filter((e) => e.kind === 'removed')).toHaveLength(1)
  })
})

describe('public reading', () => {
  it('never puts contact details in list or detail answers; reveal returns them', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const list = await get('/api/ads')
    const detail = await get(`/api/ads/${id}`)
    for (const body of [list.body, detail.body]) {
      expect(body).not.toContain('514-555-0100')
      expect(body).not.toContain('seller@example.com')
      expect(body).not.toContain('@robe')
      expect(body).not.toContain('instagram')
    }
    expect(detail.json()).toMatchObject({ id, hasContact: true, demo: false })
    expect(detail.json()).not.toHaveProperty('status')
    const reveal = await t.app.inject({ method: 'POST', url: `/api/ads/${id}/reveal` })
    expect(reveal.statusCode).toBe(200)
    expect(reveal.json()).toEqual({
      contact: { phone: '514-555-0100', email: 'seller@example.com', website: '', handle: '@robe' },
      contactPlatform: 'instagram',
    })
  })

  it('answers 404 for unknown, malformed and unpublished ads alike', async () => {
    const owner = await member(t)
    const pending = await createAd(t, owner)
    for (const id of ['zzzzzzzzzzzz', 'not-an-id', pending, 'a'.repeat(100)]) {
      expect((await get(`/api/ads/${id}`)).statusCode).toBe(404)
      expect((await t.app.inject({ method: 'POST', url: `/api/ads/${id}/reveal` })).statusCode).toBe(404)
    }
  })

  it('drops an ad from the listing the moment it expires, and shows it as expired to its owner', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    expect((await get('/api/ads')).json().total).toBe(1)
    await expire(t, id)
    expect((await get('/api/ads')).json().total).toBe(0)
    expect((await get(`/api/ads/${id}`)).statusCode).toBe(404)
    expect((await get('/api/ads/mine', owner.auth)).json().items[0].status).toBe('expired')
    expect((await get(`/api/ads/${id}`, owner.auth)).json().status).toBe('expired')
  })

  it('publishes for AD_LIFETIME_DAYS (30 by default)', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const row = await adRow(t, id)
    const days = ((row?.expiresAt?.getTime() ?? 0) - (row?.publishedAt?.getTime() ?? 0)) / 86_400_000
    expect(days).toBeCloseTo(30, 5)
  })

  it('rate-limits reveal to 30 per 10 minutes per client', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const reveal = () =>
      t.app.inject({ method: 'POST', url: `/api/ads/${id}/reveal`, remoteAddress: '203.0.113.77' })
    for (let i = 0; i < 30; i++) expect((await reveal()).statusCode).toBe(200)
    const limited = await reveal()
    expect(limited.statusCode).toBe(429)
    expect(limited.json().detail).toMatch(/Too many requests/)
  })
})
