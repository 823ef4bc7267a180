// Web Push (issue 41 items 3 and 6, docs/decisions/054-alerts.md): the VAPID key, a device's
// subscription (signed in; only https endpoints, loopback allowed outside production), and an alert
// pushed to a push service played on loopback over TLS, decrypted here, whose 410 deletes the device.
import { Agent } from 'node:https'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PushPaths, PushPayloadSchema } from '#domain/api/push.ts'
import type { SavedSearchCreate } from '#domain/api/saved-searches.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { alertDeliveries, pushSubscriptions } from '#server/db/schema/alerts.ts'
import { pushSearch } from '#server/services/alerts/alert-push.ts'
import { saveSubscription } from '#server/services/push/push.ts'
import { liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { browserKeys, type PushService, startPushService } from '#tests/support/push-service.ts'
import { TestClock } from '#tests/support/test-clock.ts'

let service: PushService
const clock = new TestClock()
const agent = new Agent({ keepAlive: false })
const api = setupTestApp({}, { clock, pushAgent: agent })

beforeAll(async () => {
  service = await startPushService()
  agent.options.ca = service.cert
})
afterAll(async () => {
  await service.close()
})

const search: SavedSearchCreate = {
  province: 'ON',
  category: 'adult-buy-sell',
  city: 'Toronto',
  alert: 'push',
  frequency: 'instant',
}

function subscribe(m: Member | null, body: unknown) {
  return api.t.app.inject({
    method: 'POST',
    url: `/api${PushPaths.subscriptions}`,
    ...(m ? { headers: m.auth } : {}),
    payload: body as Record<string, unknown>,
  })
}

async function runJobs(ms: number): Promise<void> {
  // the match first, then the push it queued for the next minute
  clock.advance(ms)
  await api.t.app.jobs.runDue()
  clock.advance(ms)
  await api.t.app.jobs.runDue()
}

describe('web push', () => {
  it('gives the VAPID public key to anyone', async () => {
    const res = await api.t.app.inject({ method: 'GET', url: `/api${PushPaths.key}` })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ publicKey: string }>().publicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/)
  })

  it('answers 401 to subscribing or unsubscribing without a session', async () => {
    const { keys } = browserKeys()
    expect((await subscribe(null, { endpoint: `${service.origin}/x`, keys })).statusCode).toBe(401)
    const del = await api.t.app.inject({
      method: 'DELETE',
      url: `/api${PushPaths.subscriptions}`,
      payload: { endpoint: `${service.origin}/x` },
    })
    expect(del.statusCode).toBe(401)
  })

  it('refuses an endpoint that is not https, and deletes one on request', async () => {
    const me = await member(api.t)
    const { keys } = browserKeys()
    const plain = await subscribe(me, { endpoint: 'http://127.0.0.1:9/x', keys })
    expect(plain.statusCode).toBe(400)
    expect(plain.json()).toMatchObject({ code: 'push.bad_endpoint' })
    const endpoint = `${service.origin}/push/deleted`
    expect((await subscribe(me, { endpoint, keys })).statusCode).toBe(201)
    const del = await api.t.app.inject({
      method: 'DELETE',
      url: `/api${PushPaths.subscriptions}`,
      headers: me.auth,
      payload: { endpoint },
    })
    expect(del.statusCode).toBe(204)
    expect(
      await api.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, me.id)),
    ).toHaveLength(0)
  })

  it('pushes a discreet, encrypted alert the device decrypts, and forgets a device the service says is gone', async () => {
    const reader = await member(api.t)
    const seller = await member(api.t)
    const saved = await api.t.app.inject({
      method: 'POST',
      url: `/api${SavedSearchesPaths.list}`,
      headers: reader.auth,
      payload: search,
    })
    expect(saved.statusCode).toBe(201)
    const device = browserKeys()
    const endpoint = `${service.origin}/push/reader-phone`
    expect((await subscribe(reader, { endpoint, keys: device.keys })).statusCode).toBe(201)

    const adId = await liveAd(api.t, seller, { province: 'ON', city: 'Toronto', title: 'Black lace set' })
    await runJobs(3 * 60_000)
    const first = service.received.filter((r) => r.path === '/push/reader-phone')
    expect(first).toHaveLength(1)
    expect(first[0]?.headers['content-encoding']).toBe('aes128gcm')
    expect(String(first[0]?.headers.authorization)).toMatch(/^vapid t=.+, k=.+/)
    // one Topic and one tag per search: a retry replaces the notification instead of adding one
    expect(String(first[0]?.headers.topic)).toMatch(/^[A-Za-z0-9_-]{1,32}$/)
    const payload = PushPayloadSchema.parse(device.decrypt(first[0]?.body ?? Buffer.alloc(0)))
    expect(payload.title).toBe('Maple After Dark')
    expect(payload.body).toBe('1 new ad matches Toronto · Adult Buy & Sell')
    expect(payload.body).not.toContain('Black lace')
    expect(payload.url).toMatch(new RegExp(`^/ca/ON/adult-buy-sell/${adId}-`))
    expect(payload.tag).toMatch(/^search-/)
    await runJobs(3 * 60_000)
    expect(service.received.filter((r) => r.path === '/push/reader-phone')).toHaveLength(1)

    // the second time the service answers 410 Gone: the subscription is deleted
    service.answer(410)
    await liveAd(api.t, seller, { province: 'ON', city: 'Toronto', title: 'Red satin gloves' })
    await runJobs(3 * 60_000)
    expect(service.received.filter((r) => r.path === '/push/reader-phone')).toHaveLength(2)
    expect(
      await api.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toHaveLength(0)
  })

  it('checks a device again at send: in production a loopback endpoint is deleted, never pushed to', async () => {
    const reader = await member(api.t)
    const seller = await member(api.t)
    const saved = await api.t.app.inject({
      method: 'POST',
      url: `/api${SavedSearchesPaths.list}`,
      headers: reader.auth,
      payload: search,
    })
    const searchId = saved.json<{ id: string }>().id
    const endpoint = `${service.origin}/push/moved-to-loopback`
    await saveSubscription(api.t.db, reader.id, { endpoint, keys: browserKeys().keys })
    await liveAd(api.t, seller, { province: 'ON', city: 'Toronto', title: 'Silk scarf' })
    // the match only: its push job waits for the end of the minute
    clock.advance(1_000)
    await api.t.app.jobs.runDue()
    expect(
      await api.t.db.select().from(alertDeliveries).where(eq(alertDeliveries.searchId, searchId)),
    ).toHaveLength(1)
    const vapid = api.t.app.vapid
    if (!vapid) throw new Error('push is on in this test')
    const before = service.received.length
    await pushSearch(
      api.t.db,
      { complete: (effect) => api.t.db.transaction(effect) },
      { vapid, production: true, agent },
      searchId,
    )
    expect(service.received.length).toBe(before)
    expect(
      await api.t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint)),
    ).toHaveLength(0)
  })
})
