// Renewing an ad (docs/decisions/051-reminders-and-renewal.md): its owner pays the posting fee again in
// its last 3 days or up to 30 days after its end, and the same ad (id, address, favourites, history)
// is listed a lifetime longer. Anyone else is refused; racing renewals charge once. PGlite by default,
// PostgreSQL with TEST_DB=postgres (real sockets, so concurrent payments really run at once there).
import { and, eq, like } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { changed } from '#server/db/after-commit.ts'
import { adEvents, ads } from '#server/db/schema/ads.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { adReminderKind } from '#server/services/ads/ad-reminders.ts'
import { adRow, liveAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { ledgerOf, payOverHttp, setupListeningApp } from '#tests/support/listening-app.ts'
import { fund } from '#tests/support/wallet.ts'

const DAY_MS = 86_400_000
const app = setupListeningApp()

/** Moves an ad's end to `ms` from now (negative: ended that long ago), behind the services' back. */
async function endIn(id: string, ms: number): Promise<Date> {
  const end = new Date(Date.now() + ms)
  await app.t.db.update(ads).set({ expiresAt: end }).where(eq(ads.id, id))
  changed(app.t.db, 'ads')
  return end
}

async function renewals(id: string) {
  return app.t.db
    .select()
    .from(adEvents)
    .where(and(eq(adEvents.adId, id), eq(adEvents.kind, 'renewed')))
}

async function ownAd(m: Member, id: string) {
  const res = await app.t.app.inject({ method: 'GET', url: `/api${AdsPaths.mine}`, headers: m.auth })
  return res
    .json<{ items: { id: string; status: string; keptBy?: number }[] }>()
    .items.find((a) => a.id === id)
}

describe(`renewing an ad (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('extends a live ad in its last 3 days by a lifetime, keeping its id, address, favourites and history', async () => {
    const owner = await member(app.t)
    const fan = await member(app.t)
    const id = await liveAd(app.t, owner)
    const kept = await app.t.app.inject({
      method: 'PUT',
      url: `/api/account/favourites/${id}`,
      headers: fan.auth,
    })
    expect(kept.statusCode).toBe(204)
    const end = await endIn(id, 2 * DAY_MS)
    await fund(app.t, owner.id, 200)

    const res = await payFee(app.t, owner, 'post', id)
    expect(res.statusCode).toBe(200)
    const row = await adRow(app.t, id)
    expect(row?.expiresAt?.getTime()).toBe(end.getTime() + 30 * DAY_MS)
    expect(row?.status).toBe('live')
    expect(await renewals(id)).toHaveLength(1)
    const publicAd = await app.t.app.inject({ method: 'GET', url: `/api${AdsPaths.ad(id)}` })
    expect(publicAd.statusCode).toBe(200)
    expect(publicAd.json<{ id: string }>().id).toBe(id)
    expect(await ownAd(owner, id)).toMatchObject({ id, status: 'live', keptBy: 1 })
    const history = await app.t.db.select().from(adEvents).where(eq(adEvents.adId, id))
    expect(history.map((e) => e.kind)).toEqual(expect.arrayContaining(['created', 'published', 'renewed']))
  })

  it('refuses a renewal more than 3 days before the end with 409 and charges nothing', async () => {
    const owner = await member(app.t)
    const id = await liveAd(app.t, owner)
    await fund(app.t, owner.id, 200)
    const before = await ledgerOf(app.t, owner.id)
    const res = await payFee(app.t, owner, 'post', id)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'ad.already_paid' })
    expect((await ledgerOf(app.t, owner.id)).balance).toBe(before.balance)
  })

  it('renews an ad that ended within 30 days, listed a lifetime from now, and refuses one that ended earlier', async () => {
    const owner = await member(app.t, { cents: 1000 })
    const recent = await liveAd(app.t, owner)
    await endIn(recent, -29 * DAY_MS)
    const started = Date.now()
    expect((await payFee(app.t, owner, 'post', recent)).statusCode).toBe(200)
    const renewed = await adRow(app.t, recent)
    expect(renewed?.expiresAt?.getTime()).toBeGreaterThanOrEqual(started + 30 * DAY_MS)

    const old = await liveAd(app.t, owner)
    await endIn(old, -31 * DAY_MS)
    const before = await ledgerOf(app.t, owner.id)
    const res = await payFee(app.t, owner, 'post', old)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'ad.renewal_closed' })
    expect((await ledgerOf(app.t, owner.id)).balance).toBe(before.balance)
  })

  it('answers another member as for a missing ad (404), and refuses an admin token and no sign-in (401)', async () => {
    const owner = await member(app.t)
    const other = await member(app.t, { cents: 500 })
    const id = await liveAd(app.t, owner)
    const end = await endIn(id, DAY_MS)

    const theirs = await payFee(app.t, other, 'post', id)
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ code: 'ad.not_found' })
    const admin = { authorization: `Bearer ${await createAdminSession(app.t.db, 'boss')}` }
    const asAdmin = await app.t.app.inject({
      method: 'POST',
      url: '/api/wallet/pay',
      headers: admin,
      payload: { type: 'post', listingId: id },
    })
    expect(asAdmin.statusCode).toBe(401)
    const signedOut = await app.t.app.inject({
      method: 'POST',
      url: '/api/wallet/pay',
      payload: { type: 'post', listingId: id },
    })
    expect(signedOut.statusCode).toBe(401)

    expect((await adRow(app.t, id))?.expiresAt?.getTime()).toBe(end.getTime())
    expect((await ledgerOf(app.t, other.id)).balance).toBe(500)
  })

  it('charges once and extends once when 20 renewals of one ad race', async () => {
    const owner = await member(app.t)
    const id = await liveAd(app.t, owner)
    const end = await endIn(id, DAY_MS)
    await fund(app.t, owner.id, 5000)
    const before = await ledgerOf(app.t, owner.id)

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => payOverHttp(app.base, owner.auth, { type: 'post', listingId: id })),
    )
    const codes = responses.map((r) => r.status).sort()
    expect(codes.filter((c) => c === 200)).toHaveLength(1)
    expect(codes.filter((c) => c === 409)).toHaveLength(19)

    const after = await ledgerOf(app.t, owner.id)
    expect(before.balance - after.balance).toBe(200)
    expect(after.rows.filter((r) => r.type === 'post' && r.listingId === id)).toHaveLength(
      before.rows.filter((r) => r.type === 'post' && r.listingId === id).length + 1,
    )
    expect((await adRow(app.t, id))?.expiresAt?.getTime()).toBe(end.getTime() + 30 * DAY_MS)
    expect(await renewals(id)).toHaveLength(1)
    // its reminders follow the one new end
    const newEnd = new Date(end.getTime() + 30 * DAY_MS).toISOString()
    const queued = await app.t.db
      .select({ key: jobs.key })
      .from(jobs)
      .where(and(eq(jobs.kind, adReminderKind.name), like(jobs.key, `${id}:${newEnd}:%`)))
    expect(queued).toHaveLength(3)
  })
})
