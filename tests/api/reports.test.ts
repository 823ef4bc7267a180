import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ReportPaths } from '#domain/api/reports.ts'
import { adEvents } from '#server/db/schema/ads.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { adRow, expire, liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(() => t.reset())

// reports are rate limited per client address: each signed-out reporter speaks from its own
let ipCounter = 0
const nextIp = () => `10.13.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`

function report(id: string, body: object, options: { auth?: Record<string, string>; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url: `/api${ReportPaths.report(id)}`,
    headers: options.auth ?? {},
    payload: body,
    remoteAddress: options.ip ?? nextIp(),
  })
}

async function adminAuth() {
  return { authorization: `Bearer ${await createAdminSession(t.db, 'boss')}` }
}

async function publicSees(id: string, title = 'Vintage silk robe') {
  const byId = (await t.app.inject({ method: 'GET', url: `/api/ads/${id}` })).statusCode === 200
  const listed = (await t.app.inject({ method: 'GET', url: '/api/ads' }))
    .json()
    .items.some((a: { id: string }) => a.id === id)
  const found = (await t.app.inject({ method: 'GET', url: `/api/ads?q=${encodeURIComponent(title)}` }))
    .json()
    .items.some((a: { id: string }) => a.id === id)
  return { byId, listed, found }
}

describe('reporting an ad', () => {
  it('accepts each reason from a signed-out visitor and answers a repeat with already_reported', async () => {
    const owner = await member(t)
    for (const reason of ['spam', 'wrong_category', 'offensive', 'other']) {
      const id = await liveAd(t, owner)
      const ip = nextIp()
      const first = await report(id, { reason, details: 'see the photos' }, { ip })
      expect(first.statusCode).toBe(200)
      expect(first.json()).toEqual({ already_reported: false })
      const again = await report(id, { reason: 'spam' }, { ip })
      expect(again.statusCode).toBe(200)
      expect(again.json()).toEqual({ already_reported: true })
      expect((await adRow(t, id))?.status).toBe('live')
    }
  })

  it('counts a signed-in reporter once whatever address they report from', async () => {
    const owner = await member(t)
    const reporter = await member(t)
    const id = await liveAd(t, owner)
    expect((await report(id, { reason: 'spam' }, { auth: reporter.auth })).json().already_reported).toBe(
      false,
    )
    expect((await report(id, { reason: 'other' }, { auth: reporter.auth })).json().already_reported).toBe(
      true,
    )
  })

  it('refuses an unknown reason or over-long details with 400, and an unknown or non-public ad with 404', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const bad = await report(id, { reason: 'ugly' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json().detail).toContain('reason')
    expect((await report(id, { reason: 'spam', details: 'x'.repeat(1001) })).statusCode).toBe(400)
    expect((await report('zzzzzzzzzzzz', { reason: 'spam' })).statusCode).toBe(404)
    expect((await report('not-an-id', { reason: 'spam' })).statusCode).toBe(404)
    const expired = await liveAd(t, owner)
    await expire(t, expired)
    expect((await report(expired, { reason: 'spam' })).statusCode).toBe(404)
  })

  it('rate-limits reports per client', async () => {
    const owner = await member(t)
    const ip = nextIp()
    const codes: number[] = []
    for (let i = 0; i < 11; i++) {
      const id = await liveAd(t, owner)
      codes.push((await report(id, { reason: 'spam' }, { ip })).statusCode)
    }
    expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true)
    expect(codes[10]).toBe(429)
  })
})

// an account in good standing: verified, older than NEW_ACCOUNT_DAYS, nothing dismissed
const trusted = () => member(t, { ageDays: 8 })

describe('automatic hold', () => {
  for (const reason of ['underage', 'trafficking']) {
    it(`holds an ad at once on a ${reason} report from an account in good standing, hidden from the public but shown held to its owner`, async () => {
      const owner = await member(t)
      const id = await liveAd(t, owner)
      expect(await publicSees(id)).toEqual({ byId: true, listed: true, found: true })
      expect((await report(id, { reason }, { auth: (await trusted()).auth })).statusCode).toBe(200)
      expect((await adRow(t, id))?.status).toBe('held')
      expect(await publicSees(id)).toEqual({ byId: false, listed: false, found: false })
      const mine = (await t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })).json()
      expect(mine.items[0].status).toBe('held')
      expect(mine.items[0].hold).toMatchObject({ category: reason, appealedAt: null })
      const events = await t.db.select().from(adEvents).where(eq(adEvents.adId, id))
      expect(events.at(-1)).toMatchObject({ kind: 'held', fromStatus: 'live', toStatus: 'held' })
    })
  }

  it('holds an ad on other reasons only at the third independent reporter, one of them signed in', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const ip = nextIp()
    await report(id, { reason: 'spam' }, { ip })
    await report(id, { reason: 'spam' }, { ip })
    await report(id, { reason: 'offensive' })
    expect((await adRow(t, id))?.status).toBe('live')
    // a third signed-out address is not enough: addresses can be forged
    await report(id, { reason: 'other' })
    expect((await adRow(t, id))?.status).toBe('live')
    await report(id, { reason: 'spam' }, { auth: (await member(t)).auth })
    expect((await adRow(t, id))?.status).toBe('held')
    expect((await adRow(t, id))?.holdCategory).toBe('spam')
  })
})

describe('the admin review queue', () => {
  it('lists urgent reports first, then by number of reporters, with reports and ad text', async () => {
    const owner = await member(t)
    const twice = await liveAd(t, owner, { title: 'Reported twice' })
    const once = await liveAd(t, owner, { title: 'Reported once' })
    const urgent = await liveAd(t, owner, { title: 'Minor suspected' })
    await report(once, { reason: 'spam' })
    await report(twice, { reason: 'spam', details: 'duplicate of another ad' })
    await report(twice, { reason: 'wrong_category' })
    await report(urgent, { reason: 'underage', details: 'looks under 18' })
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: await adminAuth() })
    expect(res.statusCode).toBe(200)
    const items = res.json().items
    expect(items.map((i: { adId: string }) => i.adId)).toEqual([urgent, twice, once])
    // signed out, the urgent report tops the queue without hiding the ad
    expect(items[0]).toMatchObject({ title: 'Minor suspected', status: 'live', urgent: true, reporters: 1 })
    expect(items[0].reports[0]).toMatchObject({ reason: 'underage', details: 'looks under 18' })
    expect(items[1].reporters).toBe(2)
  })

  it('dismisses: the held ad is live again, leaves the queue, and the release is audited', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    await report(id, { reason: 'trafficking' }, { auth: (await trusted()).auth })
    expect((await adRow(t, id))?.status).toBe('held')
    const admin = await adminAuth()
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/dismiss`,
      headers: admin,
      payload: { reason: 'false alarm' },
    })
    expect(res.statusCode).toBe(204)
    expect((await adRow(t, id))?.status).toBe('live')
    expect((await publicSees(id)).byId).toBe(true)
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: admin })).json()
    expect(queue.items).toEqual([])
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items[0]).toMatchObject({
      admin: 'boss',
      action: 'release',
      target: `ad:${id}`,
      reason: 'false alarm',
    })
    expect(audit.items[1]).toMatchObject({ admin: 'system', action: 'hold', target: `ad:${id}` })
  })

  it('removes with a reason the owner reads in /mine, then restores it; both audited newest first', async () => {
    const owner = await member(t)
    const id = await liveAd(t, owner)
    await report(id, { reason: 'underage' })
    const admin = await adminAuth()
    const act = (action: string, reason: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${id}/${action}`,
        headers: admin,
        payload: { reason },
      })
    expect((await act('remove', '')).statusCode).toBe(400)
    expect((await act('restore', '')).statusCode).toBe(409)
    expect((await act('remove', 'Model appears under 18')).statusCode).toBe(204)
    const mine = (await t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })).json()
    expect(mine.items[0]).toMatchObject({ status: 'removed', removalReason: 'Model appears under 18' })
    expect((await publicSees(id)).byId).toBe(false)
    expect((await act('restore', 'age verified')).statusCode).toBe(204)
    expect((await adRow(t, id))?.status).toBe('live')
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual(['restore', 'remove'])
    expect((await act('remove', 'x')).statusCode).toBe(204)
    await expire(t, id)
    expect((await act('restore', 'too late')).statusCode).toBe(409)
  })

  it('answers 404 for an unknown ad and 400 for an unknown action', async () => {
    const admin = await adminAuth()
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reports/zzzzzzzzzzzz/dismiss',
      headers: admin,
      payload: {},
    })
    expect(unknown.statusCode).toBe(404)
    const owner = await member(t)
    const id = await liveAd(t, owner)
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/delete`,
      headers: admin,
      payload: {},
    })
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a user token and no token on every new admin route', async () => {
    const user = await member(t)
    const owner = await member(t)
    const id = await liveAd(t, owner)
    for (const [method, url] of [
      ['GET', '/api/admin/reports'],
      ['GET', '/api/admin/audit'],
      ['POST', `/api/admin/reports/${id}/dismiss`],
      ['POST', `/api/admin/reports/${id}/remove`],
      ['POST', `/api/admin/reports/${id}/restore`],
      ['POST', `/api/admin/reports/${id}/hold`],
      ['POST', '/api/admin/reports/release'],
    ] as const) {
      for (const headers of [user.auth, {}]) {
        const res = await t.app.inject({
          method,
          url,
          headers,
          payload: method === 'POST' ? { reason: 'x', adIds: [id] } : undefined,
        })
        expect([401, 403]).toContain(res.statusCode)
      }
    }
    expect((await adRow(t, id))?.status).toBe('live')
  })
})

describe('banned phrases and the audit log', () => {
  it('holds the live ads a new banned phrase matches, says why in the queue, and audits add and delete', async () => {
    const owner = await member(t)
    const matching = await liveAd(t, owner, { title: 'Fluffy unicorn costume' })
    const other = await liveAd(t, owner, { title: 'Leather boots' })
    const admin = await adminAuth()
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/moderation/banned-words',
      headers: admin,
      payload: { phrase: 'unicorn' },
    })
    expect(added.statusCode).toBe(201)
    expect((await adRow(t, matching))?.status).toBe('held')
    expect((await adRow(t, matching))?.title).toBe('Fluffy unicorn costume')
    expect((await adRow(t, other))?.status).toBe('live')
    const queue = (await t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: admin })).json()
    expect(queue.items).toHaveLength(1)
    expect(queue.items[0]).toMatchObject({
      adId: matching,
      holdReason: 'banned phrase added: unicorn',
      hold: { category: 'banned_phrase' },
    })
    await t.app.inject({
      method: 'DELETE',
      url: `/api/moderation/banned-words/${added.json().id}`,
      headers: admin,
    })
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual([
      'phrase_deleted',
      'phrase_added',
      'hold',
    ])
    expect(audit.items[1].reason).toContain('unicorn')
    expect(audit.items[2]).toMatchObject({ admin: 'boss', target: `ad:${matching}` })
  })

  it('audits a purge, and the audit log survives it', async () => {
    const admin = await adminAuth()
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/purge', headers: admin })).statusCode).toBe(
      200,
    )
    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items).toMatchObject([{ admin: 'boss', action: 'purge' }])
  })
})
