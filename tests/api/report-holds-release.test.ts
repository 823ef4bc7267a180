// Reports that cannot be used to take a competitor down (docs/decisions/033-reports-that-cost.md):
// the way out of a hold: the clock that stops while an ad is held, bulk release, the owner's one appeal.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { ReportPaths } from '#domain/api/reports.ts'
import { changed } from '#server/db/after-commit.ts'
import { ads } from '#server/db/schema/ads.ts'
import { refusal } from '#server/errors.ts'
import { adRow, liveAd, type Member } from '#tests/support/ads.ts'
import { DAY_MS, setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, report, fresh, trusted, status, adminAuth, admin, queue, publiclyListed } = setupHoldsApp()

describe('the clock stops while an ad is held', () => {
  async function heldWithTenDaysLeft(owner: Member): Promise<string> {
    const id = await liveAd(api.t, owner)
    await api.t.db
      .update(ads)
      .set({ expiresAt: new Date(Date.now() + 10 * DAY_MS) })
      .where(eq(ads.id, id))
    changed(api.t.db, 'ads')
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
    // held for eleven days: the ad's old expiry has long passed
    await api.t.db.update(ads).set({ expiresAt: sql`now() - interval '1 day'` }).where(eq(ads.id, id))
    return id
  }

  const daysLeft = async (id: string) =>
    (((await adRow(api.t, id))?.expiresAt?.getTime() ?? 0) - Date.now()) / DAY_MS

  it('a held-then-dismissed ad is listed again with the days it had left', async () => {
    const id = await heldWithTenDaysLeft(await fresh())
    expect((await admin('dismiss', id, 'false report')).statusCode).toBe(204)
    const left = await daysLeft(id)
    expect(left).toBeGreaterThan(9.99)
    expect(left).toBeLessThanOrEqual(10)
    expect(await publiclyListed(id)).toBe(true)
    expect(await adRow(api.t, id)).toMatchObject({ heldAt: null, heldRemainingMs: null, holdCategory: null })
  })

  it('a held ad removed then restored gets back the days it had left', async () => {
    const id = await heldWithTenDaysLeft(await fresh())
    expect((await admin('remove', id, 'checking')).statusCode).toBe(204)
    expect((await admin('restore', id, 'it was fine')).statusCode).toBe(204)
    expect(await daysLeft(id)).toBeGreaterThan(9.99)
    expect(await publiclyListed(id)).toBe(true)
  })
})

describe('bulk release', () => {
  it('releases every held ad named, each with its time left and its own audit row, and skips the rest', async () => {
    const owner = await fresh()
    const held = [await liveAd(api.t, owner), await liveAd(api.t, owner)]
    for (const id of held) await report(id, 'trafficking', { auth: (await trusted()).auth })
    const live = await liveAd(api.t, owner)
    const res = await api.t.app.inject({
      method: 'POST',
      url: `/api${ReportPaths.release}`,
      headers: await adminAuth(),
      payload: { adIds: [...held, live, 'zzzzzzzzzzzz', 'not-an-id', held[0]], reason: 'report wave' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ released: held, skipped: [live, 'zzzzzzzzzzzz', 'not-an-id'] })
    for (const id of held) expect(await publiclyListed(id)).toBe(true)
    expect(await queue()).toEqual([])
    const audit = (
      await api.t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: await adminAuth() })
    ).json()
    const releases = audit.items.filter((a: { action: string }) => a.action === 'release')
    expect(releases.map((a: { target: string }) => a.target).sort()).toEqual(
      held.map((id) => `ad:${id}`).sort(),
    )
    expect(releases[0]).toMatchObject({ admin: 'boss', reason: 'report wave' })
    // the reports were dismissed: the same kind of report now only queues these ads
    await report(held[0] ?? '', 'trafficking', { auth: (await trusted()).auth })
    expect(await status(held[0] ?? '')).toBe('live')
  })

  it('refuses an empty list and more than 100 ads with 400', async () => {
    for (const adIds of [[], Array.from({ length: 101 }, (_, i) => `a${String(i).padStart(11, '0')}`)]) {
      const res = await api.t.app.inject({
        method: 'POST',
        url: `/api${ReportPaths.release}`,
        headers: await adminAuth(),
        payload: { adIds },
      })
      expect(res.statusCode).toBe(400)
    }
  })
})

describe("the owner's appeal", () => {
  const appeal = (id: string, m: Member, note = 'She is 24: I can send her ID') =>
    api.t.app.inject({
      method: 'POST',
      url: `/api${ReportPaths.appeal(id)}`,
      headers: m.auth,
      payload: { note },
    })

  it('asks for a review once per hold, with a note the admin reads in the queue; audited', async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner)
    expect((await appeal(id, owner)).statusCode).toBe(409)
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect((await appeal(id, await fresh())).statusCode).toBe(404)
    expect((await appeal(id, owner, '   ')).statusCode).toBe(400)
    const first = await appeal(id, owner)
    expect(first.statusCode).toBe(201)
    const again = await appeal(id, owner, 'please')
    expect(again.statusCode).toBe(409)
    expect(again.json().detail).toBe(refusal('report.already_appealed').detail)
    const [item] = await queue()
    expect(item).toMatchObject({ adId: id, appeal: { note: 'She is 24: I can send her ID' } })
    const mine = (await api.t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })).json()
    expect(mine.items[0].hold).toMatchObject({ category: 'underage', appealedAt: first.json().appealedAt })
    const audit = (
      await api.t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: await adminAuth() })
    ).json()
    expect(audit.items[0]).toMatchObject({ admin: `user:${owner.id}`, action: 'appeal', target: `ad:${id}` })
    // a later hold is a new hold: it can be appealed again
    await admin('dismiss', id)
    await report(id, 'trafficking', { auth: (await trusted()).auth })
    expect((await appeal(id, owner)).statusCode).toBe(201)
  })
})
