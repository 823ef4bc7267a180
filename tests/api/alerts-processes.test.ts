import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import webpush from 'web-push'
import { PushPayloadSchema } from '#domain/api/push.ts'
import type { SavedSearchCreate } from '#domain/api/saved-searches.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { alertDeliveries } from '#server/db/schema/alerts.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { saveSubscription } from '#server/services/push/push.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp, testDbKind } from '#tests/support/api-app.ts'
import { browserKeys, type PushService, startPushService } from '#tests/support/push-service.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { socketOwner } from '#tests/support/socket-owner.ts'

// Two real server processes on one PostgreSQL database send a search's Web Push (issue 41, "a process
// killed mid-send: one alert, not zero, not two"; docs/decisions/054-alerts.md). The push service is
// played on loopback over TLS with a certificate the processes trust through NODE_EXTRA_CA_CERTS, as
// in production a process trusts its CA bundle. It holds the first push unanswered, the process
// sending it is killed, the other sends it again when the lease ends: the device, offline meanwhile,
// gets one notification, as the push service keeps one message per Topic (RFC 8030 5.4).
// This test's own app runs with push off: it matches the ad and queues the push, and never sends one.

const search: SavedSearchCreate = {
  province: 'ON',
  category: 'adult-buy-sell',
  city: 'Toronto',
  alert: 'push',
  frequency: 'instant',
}

describe.runIf(testDbKind() === 'postgres')('push alerts across processes', () => {
  const here = setupTestApp({ PUSH: 'off' })
  let service: PushService
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    service = await startPushService()
    const vapid = webpush.generateVAPIDKeys()
    const env = {
      DATABASE_URL: here.t.config.DATABASE_URL ?? '',
      NODE_EXTRA_CA_CERTS: service.certFile,
      VAPID_PUBLIC_KEY: vapid.publicKey,
      VAPID_PRIVATE_KEY: vapid.privateKey,
      JOB_POLL_MS: '200',
    }
    servers.push(...(await Promise.all([startServer(env), startServer(env)])))
  }, 400_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await service?.close()
  })

  it('sends one alert to a device when the process sending it is killed mid-send', async () => {
    const { t } = here
    const reader = await member(t)
    const seller = await member(t)
    const saved = await t.app.inject({
      method: 'POST',
      url: `/api${SavedSearchesPaths.list}`,
      headers: reader.auth,
      payload: search,
    })
    expect(saved.statusCode).toBe(201)
    const device = browserKeys()
    const path = '/push/reader-phone'
    await saveSubscription(t.db, reader.id, { endpoint: `${service.origin}${path}`, keys: device.keys })

    service.holdNext()
    const adId = await liveAd(t, seller, { province: 'ON', city: 'Toronto', title: 'Black lace set' })
    // the match queues the push for the end of the minute; bring it forward for the processes
    await vi.waitFor(
      async () => {
        const moved = await t.db
          .update(jobs)
          .set({ runAt: sql`now()`, nextAttemptAt: sql`now()` })
          .where(sql`${jobs.kind} = 'alerts.push' and ${jobs.attempts} = 0`)
          .returning({ id: jobs.id })
        expect(moved).toHaveLength(1)
      },
      { timeout: 30_000, interval: 200 },
    )

    // the first push reaches the service and is never answered: its sender is mid-send
    await vi.waitFor(() => expect(service.received.filter((r) => r.path === path)).toHaveLength(1), {
      timeout: 30_000,
      interval: 100,
    })
    const held = service.received[0]
    const pids = servers.map((s) => s.child.pid ?? 0)
    const sender = socketOwner(held?.remotePort ?? 0, pids)
    expect(sender).toBeDefined()
    const dying = servers.find((s) => s.child.pid === sender)
    await dying?.stop()

    // the other process sends it again once the dead run's lease (30 s) ends, and marks it pushed
    await vi.waitFor(
      async () => {
        const [delivery] = await t.db.select().from(alertDeliveries).where(eq(alertDeliveries.adId, adId))
        expect(delivery?.pushAt).not.toBeNull()
      },
      { timeout: 90_000, interval: 250 },
    )
    const sent = service.received.filter((r) => r.path === path)
    expect(sent).toHaveLength(2)
    expect(socketOwner(sent[1]?.remotePort ?? 0, pids)).not.toBe(sender)
    // both carry the search's Topic, so the device gets one of them: one alert, not zero, not two
    expect(sent[0]?.headers.topic).toBeTruthy()
    expect(sent[1]?.headers.topic).toBe(sent[0]?.headers.topic)
    const delivered = service.outstanding(path)
    expect(delivered).toHaveLength(1)
    const payload = PushPayloadSchema.parse(device.decrypt(delivered[0]?.body ?? Buffer.alloc(0)))
    expect(payload.body).toBe('1 new ad matches Toronto · Adult Buy & Sell')
    expect(payload.tag).toBeTruthy()
    // and nothing more is sent for it
    const [job] = await t.db.select().from(jobs).where(eq(jobs.kind, 'alerts.push'))
    expect(job?.doneAt).not.toBeNull()
    expect(job?.attempts).toBe(2)
  }, 200_000)
})
