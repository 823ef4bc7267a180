// Favourites (issue 41 item 1, docs/decisions/046-favourites.md): a signed-in user keeps ads, a
// device's favourites merge into the account once however often they are sent, an ad that leaves the
// listing stays in the list marked as such, nobody sees another's list, and an owner sees only a count.
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { FavouriteListSchema, FavouriteMergeResultSchema, FavouritesPaths } from '#domain/api/favourites.ts'
import { PrivacyPaths } from '#domain/api/privacy.ts'
import { changed } from '#server/db/after-commit.ts'
import { ads } from '#server/db/schema/ads.ts'
import { favourites } from '#server/db/schema/favourites.ts'
import { expire, liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const api = setupTestApp()

function keep(m: Member, adId: string) {
  return api.t.app.inject({ method: 'PUT', url: `/api${FavouritesPaths.one(adId)}`, headers: m.auth })
}

function drop(m: Member, adId: string) {
  return api.t.app.inject({ method: 'DELETE', url: `/api${FavouritesPaths.one(adId)}`, headers: m.auth })
}

async function list(m: Member) {
  const res = await api.t.app.inject({ method: 'GET', url: `/api${FavouritesPaths.list}`, headers: m.auth })
  expect(res.statusCode).toBe(200)
  return FavouriteListSchema.parse(res.json()).items
}

function merge(m: Member, items: { adId: string; savedAt?: string }[]) {
  return api.t.app.inject({
    method: 'POST',
    url: `/api${FavouritesPaths.merge}`,
    headers: m.auth,
    payload: { items },
  })
}

describe('favourites', () => {
  it('answers 401 to every favourites route without a session', async () => {
    const owner = await member(api.t)
    const adId = await liveAd(api.t, owner)
    const calls = [
      { method: 'GET' as const, url: `/api${FavouritesPaths.list}` },
      { method: 'PUT' as const, url: `/api${FavouritesPaths.one(adId)}` },
      { method: 'DELETE' as const, url: `/api${FavouritesPaths.one(adId)}` },
      { method: 'POST' as const, url: `/api${FavouritesPaths.merge}`, payload: { items: [{ adId }] } },
    ]
    for (const call of calls) {
      const res = await api.t.app.inject(call)
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401)
    }
    expect(await api.t.db.select().from(favourites)).toEqual([])
  })

  it('keeps an ad once however often it is kept, lists it with its public view, and drops it', async () => {
    const owner = await member(api.t)
    const fan = await member(api.t)
    const adId = await liveAd(api.t, owner, { title: 'Silk evenings in Toronto' })
    expect((await keep(fan, adId)).statusCode).toBe(204)
    expect((await keep(fan, adId)).statusCode).toBe(204)
    const items = await list(fan)
    expect(items).toHaveLength(1)
    expect(items[0]).toMatchObject({
      adId,
      listed: true,
      ad: { id: adId, title: 'Silk evenings in Toronto' },
    })
    expect(items[0]?.ad).not.toHaveProperty('contact')
    expect((await drop(fan, adId)).statusCode).toBe(204)
    expect((await drop(fan, adId)).statusCode).toBe(204)
    expect(await list(fan)).toEqual([])
  })

  it("never shows or changes another user's favourites", async () => {
    const owner = await member(api.t)
    const alice = await member(api.t)
    const bob = await member(api.t)
    const adId = await liveAd(api.t, owner)
    await keep(alice, adId)
    expect(await list(bob)).toEqual([])
    expect((await drop(bob, adId)).statusCode).toBe(204)
    expect((await list(alice)).map((item) => item.adId)).toEqual([adId])
  })

  it('refuses a malformed ad id with 400 and an ad that never was with 404', async () => {
    const fan = await member(api.t)
    for (const bad of ['nope', 'ABCDEFGHIJKL', 'abcdefghijk-', 'a'.repeat(40)]) {
      const res = await keep(fan, bad)
      expect(res.statusCode, bad).toBe(400)
      expect(res.json()).toMatchObject({ code: 'request.invalid', issues: [{ code: 'favourite.bad_ad_id' }] })
    }
    const unknown = await keep(fan, 'zzzzzzzzzzzz')
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('ad.not_found')
    const badMerge = await merge(fan, [{ adId: '../../etc' }])
    expect(badMerge.statusCode).toBe(400)
    expect(await api.t.db.select().from(favourites)).toEqual([])
  })

  it('keeps an expired, a held and a deleted ad in the list, marked as no longer listed', async () => {
    const owner = await member(api.t)
    const fan = await member(api.t)
    const expired = await liveAd(api.t, owner, { title: 'Gone stale' })
    const held = await liveAd(api.t, owner, { title: 'Held by a moderator' })
    const removed = await liveAd(api.t, owner, { title: 'Removed by its owner' })
    const purged = await liveAd(api.t, owner, { title: 'Purged' })
    for (const adId of [expired, held, removed, purged]) expect((await keep(fan, adId)).statusCode).toBe(204)

    await expire(api.t, expired)
    await api.t.db.update(ads).set({ status: 'held', heldAt: new Date() }).where(eq(ads.id, held))
    changed(api.t.db, 'ads')
    const removal = await api.t.app.inject({
      method: 'DELETE',
      url: `/api${AdsPaths.ad(removed)}`,
      headers: owner.auth,
    })
    expect(removal.statusCode).toBe(204)
    await api.t.db.delete(ads).where(eq(ads.id, purged))

    const byId = new Map((await list(fan)).map((item) => [item.adId, item]))
    expect(byId.size).toBe(4)
    expect(byId.get(expired)).toMatchObject({ listed: false, ad: { title: 'Gone stale' } })
    // what a moderator or the owner took down is not shown again through a favourite
    expect(byId.get(held)).toMatchObject({ listed: false, ad: null })
    expect(byId.get(removed)).toMatchObject({ listed: false, ad: null })
    expect(byId.get(purged)).toMatchObject({ listed: false, ad: null })
  })

  it("merges a device's favourites once, with the device's dates, and names the ads the server never had", async () => {
    const owner = await member(api.t)
    const fan = await member(api.t)
    const first = await liveAd(api.t, owner)
    const second = await liveAd(api.t, owner)
    await keep(fan, second)
    const before = (await list(fan))[0]?.savedAt
    const device = [
      { adId: first, savedAt: '2026-01-02T03:04:05.000Z' },
      { adId: second, savedAt: '2025-01-01T00:00:00.000Z' },
      { adId: 'qqqqqqqqqqqq', savedAt: '2026-01-01T00:00:00.000Z' },
    ]
    const once = await merge(fan, device)
    expect(once.statusCode).toBe(200)
    const twice = await merge(fan, device)
    expect(twice.statusCode).toBe(200)
    const result = FavouriteMergeResultSchema.parse(twice.json())
    expect(result.skipped).toEqual(['qqqqqqqqqqqq'])
    expect(result.items.map((item) => item.adId).sort()).toEqual([first, second].sort())
    const rows = await api.t.db.select().from(favourites).where(eq(favourites.userId, fan.id))
    expect(rows).toHaveLength(2)
    const savedAt = new Map(rows.map((row) => [row.adId, row.savedAt.toISOString()]))
    expect(savedAt.get(first)).toBe('2026-01-02T03:04:05.000Z')
    // the account's own favourite is kept as it was
    expect(savedAt.get(second)).toBe(before)
  })

  it('reads a date in the future from a device as now', async () => {
    const owner = await member(api.t)
    const fan = await member(api.t)
    const adId = await liveAd(api.t, owner)
    const res = await merge(fan, [{ adId, savedAt: '2999-01-01T00:00:00.000Z' }])
    expect(res.statusCode).toBe(200)
    const [row] = await api.t.db.select().from(favourites).where(eq(favourites.userId, fan.id))
    expect(row?.savedAt.getTime()).toBeLessThanOrEqual(Date.now())
  })

  it('tells an owner how many people keep each ad on /ads/mine, and nobody else', async () => {
    const owner = await member(api.t)
    const kept = await liveAd(api.t, owner)
    const alone = await liveAd(api.t, owner)
    for (let i = 0; i < 3; i++) await keep(await member(api.t), kept)
    const res = await api.t.app.inject({ method: 'GET', url: `/api${AdsPaths.mine}`, headers: owner.auth })
    expect(res.statusCode).toBe(200)
    const counts = new Map(
      (res.json().items as { id: string; keptBy?: number }[]).map((item) => [item.id, item.keptBy]),
    )
    expect(counts.get(kept)).toBe(3)
    expect(counts.get(alone)).toBe(0)
    const publicView = await api.t.app.inject({ method: 'GET', url: `/api${AdsPaths.ad(kept)}` })
    expect(publicView.json()).not.toHaveProperty('keptBy')
    expect(JSON.stringify(publicView.json())).not.toContain('keptBy')
  })

  it("puts a user's favourites, and nobody else's, in their data export", async () => {
    const owner = await member(api.t)
    const fan = await member(api.t)
    const other = await member(api.t)
    const adId = await liveAd(api.t, owner)
    const notMine = await liveAd(api.t, owner)
    await keep(fan, adId)
    await keep(other, notMine)
    const res = await api.t.app.inject({
      method: 'GET',
      url: `/api${PrivacyPaths.export}`,
      headers: fan.auth,
    })
    expect(res.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const json = JSON.parse(
      Buffer.from(files['maple-after-dark-data/favourites.json'] ?? []).toString('utf8'),
    )
    expect(json).toEqual({ favourites: [{ ad: adId, saved_at: expect.any(String) }] })
  })

  it("removes a user's favourites with their account", async () => {
    const owner = await member(api.t)
    const fan = await member(api.t, { password: 'correct horse battery staple' })
    await keep(fan, await liveAd(api.t, owner))
    const res = await api.t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: fan.auth,
      payload: { password: 'correct horse battery staple' },
    })
    expect(res.statusCode).toBe(204)
    expect(await api.t.db.select().from(favourites).where(eq(favourites.userId, fan.id))).toEqual([])
  })
})
