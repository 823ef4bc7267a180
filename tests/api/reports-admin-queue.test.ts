// What admins do with reports: the review queue (order, dismiss, remove and restore, refusals, admin
// only), and the holds and audit rows banned phrases and purges leave.
import { describe, expect, it } from 'vitest'
import { adRow, expire, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { reporting } from '#tests/support/reports.ts'

const api = setupTestApp()
const { report, adminAuth, publicSees, trusted } = reporting(api)

describe('the admin review queue', () => {
  it('lists urgent reports first, then by number of reporters, with reports and ad text', async () => {
    const owner = await member(api.t)
    const twice = await liveAd(api.t, owner, { title: 'Reported twice' })
    const once = await liveAd(api.t, owner, { title: 'Reported once' })
    const urgent = await liveAd(api.t, owner, { title: 'Minor suspected' })
    await report(once, { reason: 'spam' })
    await report(twice, { reason: 'spam', details: 'duplicate of another ad' })
    await report(twice, { reason: 'wrong_category' })
    await report(urgent, { reason: 'underage', details: 'looks under 18' })
    const res = await api.t.app.inject({
      method: 'GET',
      url: '/api/admin/reports',
      headers: await adminAuth(),
    })
    expect(res.statusCode).toBe(200)
    const items = res.json().items
    expect(items.map((i: { adId: string }) => i.adId)).toEqual([urgent, twice, once])
    // signed out, the urgent report tops the queue without hiding the ad
    expect(items[0]).toMatchObject({ title: 'Minor suspected', status: 'live', urgent: true, reporters: 1 })
    expect(items[0].reports[0]).toMatchObject({ reason: 'underage', details: 'looks under 18' })
    expect(items[1].reporters).toBe(2)
  })

  it('dismisses: the held ad is live again, leaves the queue, and the release is audited', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    await report(id, { reason: 'trafficking' }, { auth: (await trusted()).auth })
    expect((await adRow(api.t, id))?.status).toBe('held')
    const admin = await adminAuth()
    const res = await api.t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/dismiss`,
      headers: admin,
      payload: { reason: 'false alarm' },
    })
    expect(res.statusCode).toBe(204)
    expect((await adRow(api.t, id))?.status).toBe('live')
    expect((await publicSees(id)).byId).toBe(true)
    const queue = (
      await api.t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: admin })
    ).json()
    expect(queue.items).toEqual([])
    const audit = (await api.t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items[0]).toMatchObject({
      admin: 'boss',
      action: 'release',
      target: `ad:${id}`,
      reason: 'false alarm',
    })
    expect(audit.items[1]).toMatchObject({ admin: 'system', action: 'hold', target: `ad:${id}` })
  })

  it('removes with a reason the owner reads in /mine, then restores it; both audited newest first', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    await report(id, { reason: 'underage' })
    const admin = await adminAuth()
    const act = (action: string, reason: string) =>
      api.t.app.inject({
        method: 'POST',
        url: `/api/admin/reports/${id}/${action}`,
        headers: admin,
        payload: { reason },
      })
    expect((await act('remove', '')).statusCode).toBe(400)
    expect((await act('restore', '')).statusCode).toBe(409)
    expect((await act('remove', 'Model appears under 18')).statusCode).toBe(204)
    const mine = (await api.t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })).json()
    expect(mine.items[0]).toMatchObject({ status: 'removed', removalReason: 'Model appears under 18' })
    expect((await publicSees(id)).byId).toBe(false)
    expect((await act('restore', 'age verified')).statusCode).toBe(204)
    expect((await adRow(api.t, id))?.status).toBe('live')
    const audit = (await api.t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    // removing an ad reported underage seals it under a legal hold first (docs/decisions/057-legal-holds.md)
    expect(audit.items.map((a: { action: string }) => a.action)).toEqual([
      'restore',
      'legal_hold_placed',
      'remove',
    ])
    expect((await act('remove', 'x')).statusCode).toBe(204)
    await expire(api.t, id)
    expect((await act('restore', 'too late')).statusCode).toBe(409)
  })

  it('answers 404 for an unknown ad and 400 for an unknown action', async () => {
    const admin = await adminAuth()
    const unknown = await api.t.app.inject({
      method: 'POST',
      url: '/api/admin/reports/zzzzzzzzzzzz/dismiss',
      headers: admin,
      payload: {},
    })
    expect(unknown.statusCode).toBe(404)
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const bad = await api.t.app.inject({
      method: 'POST',
      url: `/api/admin/reports/${id}/delete`,
      headers: admin,
      payload: {},
    })
    expect(bad.statusCode).toBe(400)
  })

  it('refuses a user token and no token on every new admin route', async () => {
    const user = await member(api.t)
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
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
        const res = await api.t.app.inject({
          method,
          url,
          headers,
          payload: method === 'POST' ? { reason: 'x', adIds: [id] } : undefined,
        })
        expect([401, 403]).toContain(res.statusCode)
      }
    }
    expect((await adRow(api.t, id))?.status).toBe('live')
  })
})

describe('banned phrases and the audit log', () => {
  it('holds the live ads a new banned phrase matches, says why in the queue, and audits add and delete', async () => {
    const owner = await member(api.t)
    const matching = await liveAd(api.t, owner, { title: 'Fluffy unicorn costume' })
    const other = await liveAd(api.t, owner, { title: 'Leather boots' })
    const admin = await adminAuth()
    const added = await api.t.app.inject({
      method: 'POST',
      url: '/api/moderation/banned-words',
      headers: admin,
      payload: { phrase: 'unicorn' },
    })
    expect(added.statusCode).toBe(201)
    expect((await adRow(api.t, matching))?.status).toBe('held')
    expect((await adRow(api.t, matching))?.title).toBe('Fluffy unicorn costume')
    expect((await adRow(api.t, other))?.status).toBe('live')
    const queue = (
      await api.t.app.inject({ method: 'GET', url: '/api/admin/reports', headers: admin })
    ).json()
    expect(queue.items).toHaveLength(1)
    expect(queue.items[0]).toMatchObject({
      adId: matching,
      holdReason: 'banned phrase added: unicorn',
      hold: { category: 'banned_phrase' },
    })
    await api.t.app.inject({
      method: 'DELETE',
      url: `/api/moderation/banned-words/${added.json().id}`,
      headers: admin,
    })
    const audit = (await api.t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
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
    expect(
      (await api.t.app.inject({ method: 'POST', url: '/api/admin/purge', headers: admin })).statusCode,
    ).toBe(200)
    const audit = (await api.t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items).toMatchObject([{ admin: 'boss', action: 'purge' }])
  })
})
