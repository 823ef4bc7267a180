import { describe, expect, it } from 'vitest'
import { adRow, liveAd, member } from '#tests/support/ads.ts'
import { setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, nextIp, report, fresh, trusted, status, adminAuth, admin, queue, publiclyListed } =
  setupHoldsApp()

describe('who holds an ad at once', () => {
  it('a signed-out urgent report queues the ad on top without hiding it; a reporter in good standing hides it', async () => {
    const owner = await fresh()
    const calm = await liveAd(api.t, owner, { title: 'Calm ad' })
    const id = await liveAd(api.t, owner, { title: 'Reported ad' })
    await report(calm, 'spam', { auth: (await fresh()).auth })
    await report(calm, 'spam', { auth: (await fresh()).auth })
    const ip = nextIp()
    await report(id, 'underage', { ip })
    expect(await status(id)).toBe('live')
    expect(await publiclyListed(id)).toBe(true)
    const items = await queue()
    expect(items[0]).toMatchObject({ adId: id, urgent: true, status: 'live', hold: null })
    // a new account from the first reporter's own address is not independent of it
    await report(id, 'trafficking', { auth: (await fresh()).auth, ip })
    expect(await status(id)).toBe('live')
    // two signed-out addresses could be one person with a forged header: only queued
    const other = await liveAd(api.t, owner)
    await report(other, 'underage')
    await report(other, 'underage')
    expect(await status(other)).toBe('live')
    // a new account from another address only asks an admin to confirm (042)
    await report(id, 'underage', { auth: (await fresh()).auth })
    expect(await status(id)).toBe('live')
    // an account in good standing confirms it
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
    expect(await publiclyListed(id)).toBe(false)
    expect((await adRow(api.t, id))?.holdCategory).toBe('underage')
  })

  it("a new account's urgent report only queues; an account in good standing holds at once", async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner)
    await report(id, 'underage', { auth: (await member(api.t, { ageDays: 6 })).auth })
    expect(await status(id)).toBe('live')
    const other = await liveAd(api.t, owner)
    await report(other, 'underage', { auth: (await trusted()).auth })
    expect(await status(other)).toBe('held')
  })

  it('an admin confirms a queued urgent report by holding the ad; only a live ad can be held', async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner)
    await report(id, 'trafficking')
    expect((await admin('hold', id, 'looks real')).statusCode).toBe(204)
    expect(await adRow(api.t, id)).toMatchObject({ status: 'held', holdCategory: 'trafficking' })
    expect((await admin('hold', id)).statusCode).toBe(409)
    const audit = (
      await api.t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: await adminAuth() })
    ).json()
    expect(audit.items[0]).toMatchObject({
      admin: 'boss',
      action: 'hold',
      target: `ad:${id}`,
      reason: 'looks real',
    })
  })

  it('an ad an admin cleared is not held again by the same kind of report, only queued', async () => {
    const owner = await fresh()
    const id = await liveAd(api.t, owner)
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
    expect((await admin('dismiss', id, 'adult, checked ID')).statusCode).toBe(204)
    await report(id, 'underage', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('live')
    expect((await queue()).map((i) => i.adId)).toEqual([id])
    // another kind of report still holds it
    await report(id, 'trafficking', { auth: (await trusted()).auth })
    expect(await status(id)).toBe('held')
  })

  it('a reporter with three dismissed reports no longer holds ads, alone or as the second reporter', async () => {
    const owner = await fresh()
    const reporter = await trusted()
    for (let i = 0; i < 3; i++) {
      const id = await liveAd(api.t, owner)
      await report(id, 'spam', { auth: reporter.auth })
      expect((await admin('dismiss', id)).statusCode).toBe(204)
    }
    const target = await liveAd(api.t, owner)
    await report(target, 'underage', { auth: reporter.auth })
    expect(await status(target)).toBe('live')
    // nor does their report confirm a signed-out one
    const second = await liveAd(api.t, owner)
    await report(second, 'underage')
    await report(second, 'underage', { auth: reporter.auth })
    expect(await status(second)).toBe('live')
    const entry = (await queue()).find((i) => i.adId === second)
    expect(entry?.reports.find((r) => r.reporter.kind === 'account')?.reporter).toMatchObject({
      made: 5,
      dismissed: 3,
      upheld: 0,
      canHold: false,
      newAccount: false,
    })
  })

  it('one dismissed report costs an account its good standing: its report and another only await an admin', async () => {
    const owner = await fresh()
    const reporter = await trusted()
    const first = await liveAd(api.t, owner)
    await report(first, 'spam', { auth: reporter.auth })
    await admin('dismiss', first)
    const id = await liveAd(api.t, owner)
    await report(id, 'underage', { auth: reporter.auth })
    expect(await status(id)).toBe('live')
    await report(id, 'underage')
    expect(await status(id)).toBe('live')
    expect((await queue())[0]).toMatchObject({ adId: id, awaitingConfirmation: true })
  })

  it('counts upheld reports in the history the queue shows', async () => {
    const owner = await fresh()
    const reporter = await fresh()
    const removed = await liveAd(api.t, owner)
    await report(removed, 'spam', { auth: reporter.auth })
    expect((await admin('remove', removed, 'scam')).statusCode).toBe(204)
    const id = await liveAd(api.t, owner)
    await report(id, 'offensive', { auth: reporter.auth })
    const [item] = await queue()
    expect(item?.reports[0]?.reporter).toMatchObject({
      kind: 'account',
      made: 2,
      dismissed: 0,
      upheld: 1,
      newAccount: true,
    })
  })
})
