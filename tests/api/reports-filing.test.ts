// Reporting an ad: the reasons and who counts as one reporter, what is refused, the per-client rate
// limit, and the automatic hold the reports trigger.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adEvents } from '#server/db/schema/ads.ts'
import { adRow, expire, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { reporting } from '#tests/support/reports.ts'

const api = setupTestApp()
const { nextIp, report, publicSees, trusted } = reporting(api)

describe('reporting an ad', () => {
  it('accepts each reason from a signed-out visitor and answers a repeat with already_reported', async () => {
    const owner = await member(api.t)
    for (const reason of ['spam', 'wrong_category', 'offensive', 'other']) {
      const id = await liveAd(api.t, owner)
      const ip = nextIp()
      const first = await report(id, { reason, details: 'see the photos' }, { ip })
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ already_reported: false })
      const again = await report(id, { reason: 'spam' }, { ip })
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual({ already_reported: true })
      expect((await adRow(api.t, id))?.status).toBe('live')
    }
  })

  it('counts a signed-in reporter once whatever address they report from', async () => {
    const owner = await member(api.t)
    const reporter = await member(api.t)
    const id = await liveAd(api.t, owner)
    expect((await report(id, { reason: 'spam' }, { auth: reporter.auth })).json().already_reported).toBe(
      false,
    )
    expect((await report(id, { reason: 'other' }, { auth: reporter.auth })).json().already_reported).toBe(
      true,
    )
  })

  it('refuses an unknown reason or over-long details with 400, and an unknown or non-public ad with 404', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const bad = await report(id, { reason: 'ugly' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().detail).toContain('reason')
    expect((await report(id, { reason: 'spam', details: 'x'.repeat(1001) })).statusCode).toBe(400)
    expect((await report('zzzzzzzzzzzz', { reason: 'spam' })).statusCode).toBe(404)
    expect((await report('not-an-id', { reason: 'spam' })).statusCode).toBe(404)
    const expired = await liveAd(api.t, owner)
    await expire(api.t, expired)
    expect((await report(expired, { reason: 'spam' })).statusCode).toBe(404)
  })

  it('rate-limits reports per client', async () => {
    const owner = await member(api.t)
    const ip = nextIp()
    const codes: number[] = []
    for (let i = 0; i < 11; i++) {
      const id = await liveAd(api.t, owner)
      codes.push((await report(id, { reason: 'spam' }, { ip })).statusCode)
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true)
    expect(codes[10]).toBe(429)
  })
})

describe('automatic hold', () => {
  for (const reason of ['underage', 'trafficking']) {
    it(`holds an ad at once on a ${reason} report from an account in good standing, hidden from the public but shown held to its owner`, async () => {
      const owner = await member(api.t)
      const id = await liveAd(api.t, owner)
      expect(await publicSees(id)).toEqual({ byId: true, listed: true, found: true })
      expect((await report(id, { reason }, { auth: (await trusted()).auth })).statusCode).toBe(200)
      expect((await adRow(api.t, id))?.status).toBe('held')
      expect(await publicSees(id)).toEqual({ byId: false, listed: false, found: false })
      const mine = (
        await api.t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })
      ).json()
      expect(mine.items[0].status).toBe('held')
      expect(mine.items[0].hold).toMatchObject({ category: reason, appealedAt: null })
      const events = await api.t.db.select().from(adEvents).where(eq(adEvents.adId, id))
      expect(events.at(-1)).toMatchObject({ kind: 'held', fromStatus: 'live', toStatus: 'held' })
    })
  }

  it('holds an ad on other reasons only at the third independent reporter, one of them in good standing', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const ip = nextIp()
    await report(id, { reason: 'spam' }, { ip })
    await report(id, { reason: 'spam' }, { ip })
    await report(id, { reason: 'offensive' })
    expect((await adRow(api.t, id))?.status).toBe('live')
    // a third signed-out address is not enough: addresses can be forged
    await report(id, { reason: 'other' })
    expect((await adRow(api.t, id))?.status).toBe('live')
    // nor a new account: it costs minutes to make (docs/decisions/042-holds-that-hold.md)
    await report(id, { reason: 'spam' }, { auth: (await member(api.t)).auth })
    expect((await adRow(api.t, id))?.status).toBe('live')
    await report(id, { reason: 'spam' }, { auth: (await trusted()).auth })
    expect((await adRow(api.t, id))?.status).toBe('held')
    expect((await adRow(api.t, id))?.holdCategory).toBe('spam')
  })
})
