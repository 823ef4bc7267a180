// Stats for each ad (issue 42 item 1, docs/decisions/053-ad-stats.md): views once per visitor per day,
// reveals, favourites kept, alerts; the owner and the admins read them, nobody else.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AdStats } from '#domain/api/ad-stats.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { RETENTION } from '#domain/api/privacy.ts'
import { adStatsDaily } from '#server/db/schema/ad-stats.ts'
import { favourites } from '#server/db/schema/favourites.ts'
import { utcDay } from '#server/services/ad-stats/ad-stats-counter.ts'
import { runRetention } from '#server/services/privacy/retention.ts'
import { ADMIN, adminTokenOn } from '#tests/support/admin-app.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { listen } from '#tests/support/listening-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const DAY_MS = 86_400_000
// noon UTC, so a few hours either way stay on the same day
const clock = new TestClock(new Date('2026-11-20T12:00:00Z'))
const api = setupTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { clock })

let visitors = 0
/** A visitor of their own: an address and a browser no other test used. */
function visitor() {
  visitors += 1
  return {
    remoteAddress: `10.9.${Math.floor(visitors / 250)}.${(visitors % 250) + 1}`,
    ua: `test-browser/${visitors}`,
  }
}

/** The app's beacon for the ads of one visit. */
function view(ids: string | string[], who: { remoteAddress: string; ua: string }) {
  const ads = typeof ids === 'string' ? ids : ids.join(AdsPaths.viewsSeparator)
  return api.t.app.inject({
    method: 'POST',
    url: `/api${AdsPaths.views}?ads=${ads}`,
    remoteAddress: who.remoteAddress,
    headers: { 'user-agent': who.ua },
  })
}

let listening: Promise<string> | undefined
/** The app on a real socket, where the beacon is answered before Fastify (one listen per file). */
function socket(): Promise<string> {
  listening ??= listen(api.t)
  return listening
}

function stats(id: string, headers: Record<string, string> = {}) {
  return api.t.app.inject({ method: 'GET', url: `/api${AdsPaths.stats(id)}`, headers })
}

describe('stats for each ad', () => {
  it('gives the owner 30 days oldest first: views once per visitor per day, reveals, favourites, no alerts', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const [ann, bob] = [visitor(), visitor()]
    for (const who of [ann, ann, ann, bob]) expect((await view(id, who)).statusCode).toBe(204)
    // the same address in another browser is another visitor
    await view(id, { remoteAddress: ann.remoteAddress, ua: `${ann.ua} other` })
    for (let i = 0; i < 2; i++)
      expect((await api.t.app.inject({ method: 'POST', url: `/api${AdsPaths.reveal(id)}` })).statusCode).toBe(
        200,
      )
    const fan = await member(api.t)
    const put = await api.t.app.inject({
      method: 'PUT',
      url: `/api/account/favourites/${id}`,
      headers: fan.auth,
    })
    expect(put.statusCode).toBe(204)
    // the favourite's date is the database's now(); this file's day is the test clock's
    await api.t.db.update(favourites).set({ savedAt: clock.now() }).where(eq(favourites.adId, id))

    const res = await stats(id, owner.auth)
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toContain('no-store')
    const body = res.json<AdStats>()
    expect(body.days).toHaveLength(30)
    expect(body.days[0]?.date).toBe('2026-10-22')
    expect(body.days[29]).toEqual({ date: '2026-11-20', views: 3, reveals: 2, favourites: 1, alerts: 0 })
    expect(body.days.slice(0, 29).every((d) => d.views + d.reveals + d.favourites + d.alerts === 0)).toBe(
      true,
    )
    expect(body.totals).toEqual({ views: 3, reveals: 2, favourites: 1, alerts: 0 })
  })

  it('answers the beacon before anything is written, and writes the counts in one flush', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    expect((await view(id, visitor())).statusCode).toBe(204)
    expect(await api.t.db.select().from(adStatsDaily).where(eq(adStatsDaily.adId, id))).toEqual([])
    await api.t.app.adStats.flush(api.t.db)
    const rows = await api.t.db.select().from(adStatsDaily).where(eq(adStatsDaily.adId, id))
    expect(rows).toEqual([{ adId: id, day: '2026-11-20', views: 1, reveals: 0, alerts: 0 }])
  })

  it('counts the same visitor again the next day, and yesterday stays yesterday', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const who = visitor()
    await view(id, who)
    const today = utcDay(clock.now())
    clock.advance(DAY_MS)
    await view(id, who)
    await view(id, who)
    const body = (await stats(id, owner.auth)).json<AdStats>()
    expect(body.days.at(-2)).toMatchObject({ date: today, views: 1 })
    expect(body.days.at(-1)).toMatchObject({ date: utcDay(clock.now()), views: 1 })
    expect(body.totals.views).toBe(2)
  })

  it('refuses everyone but the owner and the admins: another user 404, signed out 401', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    await view(id, visitor())
    const other = await member(api.t)
    expect((await stats(id, other.auth)).statusCode).toBe(404)
    expect((await stats(id, other.auth)).json()).toMatchObject({ code: 'ad.not_found' })
    const out = await stats(id)
    expect(out.statusCode).toBe(401)
    expect(out.headers['www-authenticate']).toBe('Bearer')
    expect((await stats(id, { authorization: 'Bearer nonsense' })).statusCode).toBe(401)

    const admin = { authorization: `Bearer ${await adminTokenOn(api.t)}` }
    const seen = await stats(id, admin)
    expect(seen.statusCode).toBe(200)
    expect(seen.json<AdStats>()).toEqual((await stats(id, owner.auth)).json<AdStats>())
    expect(seen.json<AdStats>().totals.views).toBe(1)
    expect((await stats('zzzzzzzzzzzz', admin)).statusCode).toBe(404)
  })

  it('answers a plain beacon before Fastify over a real socket, counting each device once a day', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const base = await socket()
    const send = (query: string) =>
      fetch(`${base}/api${AdsPaths.views}?ads=${id}${query}`, { method: 'POST' })
    for (const query of ['&d=device-one-1234', '&d=device-one-1234', '&d=device-two-5678', '']) {
      const res = await send(query)
      expect(res.status).toBe(204)
      // answered before Fastify: none of the headers its hooks add to every answer
      expect(res.headers.get('x-content-type-options')).toBeNull()
    }
    // a device id that is not one goes to the route, which refuses it as every route does
    expect((await send('&d=no')).status).toBe(400)
    expect((await stats(id, owner.auth)).json<AdStats>().totals.views).toBe(3)
  })

  it("counts one view of each ad a visit's beacon names, an ad named twice once, on both paths", async () => {
    const owner = await member(api.t)
    const ids = [await liveAd(api.t, owner), await liveAd(api.t, owner), await liveAd(api.t, owner)]
    const [first, second, third] = ids as [string, string, string]
    expect((await view([first, second, first], visitor())).statusCode).toBe(204)
    const base = await socket()
    const sent = await fetch(`${base}/api${AdsPaths.views}?ads=${ids.join('.')}&d=device-three-9012`, {
      method: 'POST',
    })
    expect(sent.status).toBe(204)
    expect(sent.headers.get('x-content-type-options')).toBeNull()
    const views = async (id: string) => (await stats(id, owner.auth)).json<AdStats>().totals.views
    expect([await views(first), await views(second), await views(third)]).toEqual([2, 2, 1])
  })

  it('refuses a beacon of more than 20 ads or with a separator out of place, counting none of it', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const who = visitor()
    for (const ads of [Array(21).fill(id).join('.'), `${id}.`, `.${id}`, `${id},${id}`, '']) {
      const res = await view(ads, who)
      expect(res.statusCode, ads).toBe(400)
      expect(res.json()).toMatchObject({ code: 'request.invalid' })
    }
    expect((await view(Array(20).fill(id), who)).statusCode).toBe(204)
    expect((await stats(id, owner.auth)).json<AdStats>().totals.views).toBe(1)
  })

  it('refuses a beacon for something that is not an ad id, and ignores an id that is no ad', async () => {
    const bad = await view('not-an-id', visitor())
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'request.invalid' })
    expect((await view('zzzzzzzzzzzz', visitor())).statusCode).toBe(204)
    await api.t.app.adStats.flush(api.t.db)
    expect(await api.t.db.select().from(adStatsDaily).where(eq(adStatsDaily.adId, 'zzzzzzzzzzzz'))).toEqual(
      [],
    )
  })

  it('forgets the counts past their retention, and with the ad', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const old = utcDay(new Date(clock.now().getTime() - (RETENTION.adStatsDays + 1) * DAY_MS))
    const recent = utcDay(new Date(clock.now().getTime() - 2 * DAY_MS))
    await api.t.db.insert(adStatsDaily).values([
      { adId: id, day: old, views: 5 },
      { adId: id, day: recent, views: 7 },
    ])
    expect((await runRetention(api.t.db, clock.now()))?.adStats).toBe(1)
    const left = await api.t.db.select({ day: adStatsDaily.day }).from(adStatsDaily)
    expect(left).toEqual([{ day: recent }])
    expect((await stats(id, owner.auth)).json<AdStats>().totals.views).toBe(7)
  })
})
