// One view per visitor per day across API processes (docs/decisions/053-ad-stats.md): each process
// dedupes in memory, then asks Redis at its flush which of its new visitors no process counted today.
// Two counters over one database stand for two processes; a real Redis decides between them.
import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, describe, expect, it } from 'vitest'
import type { AdStats } from '#domain/api/ad-stats.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { adStatsDaily } from '#server/db/schema/ad-stats.ts'
import { AdStatsCounter, utcDay } from '#server/services/ad-stats/ad-stats-counter.ts'
import { RedisViewers } from '#server/services/ad-stats/shared-viewers.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp, type TestApp } from '#tests/support/api-app.ts'
import { redisReachable } from '#tests/support/redis.ts'

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const hasRedis = await redisReachable(redisUrl)
const NOW = new Date()

async function views(t: TestApp, adId: string): Promise<number> {
  const [row] = await t.db
    .select({ views: adStatsDaily.views })
    .from(adStatsDaily)
    .where(and(eq(adStatsDaily.adId, adId), eq(adStatsDaily.day, utcDay(NOW))))
  return row?.views ?? 0
}

describe.runIf(hasRedis)('ad views counted once a day across processes', () => {
  const api = setupTestApp({ REDIS_URL: redisUrl })
  const redis = new Redis(redisUrl)
  afterAll(() => redis.disconnect())

  /** A process's counter, sharing its visitors through Redis under this test's own keys. */
  function apiProcess(prefix: string, unreachable: (error: unknown) => void = () => {}) {
    const counter = new AdStatsCounter()
    counter.shareWith(new RedisViewers(redis, prefix), unreachable)
    return counter
  }

  it('counts a visitor seen by two processes the same day once, and each other visitor once', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const prefix = `maple-views-test-${randomUUID()}:`
    const [one, two] = [apiProcess(prefix), apiProcess(prefix)]
    one.countView(id, 'd:device-ann', NOW)
    two.countView(id, 'd:device-ann', NOW)
    two.countView(id, 'd:device-bob', NOW)
    one.countView(id, 'd:device-ann', NOW)
    await one.flush(api.t.db)
    await two.flush(api.t.db)
    expect(await views(api.t, id)).toBe(2)
    // after a restart (a new counter, a new memory) the day's visitors are still known
    const restarted = apiProcess(prefix)
    restarted.countView(id, 'd:device-bob', NOW)
    restarted.countView(id, 'd:device-cy', NOW)
    await restarted.flush(api.t.db)
    expect(await views(api.t, id)).toBe(3)
  })

  it('keeps in Redis only hashes and a salt that expire, never the device id', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    const prefix = `maple-views-test-${randomUUID()}:`
    const counter = apiProcess(prefix)
    counter.countView(id, 'd:device-dana-7f3a', NOW)
    await counter.flush(api.t.db)
    const seen = `${prefix}seen:${utcDay(NOW)}`
    const members = await redis.smembers(seen)
    expect(members).toHaveLength(1)
    expect(members[0]).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(members.join(' ')).not.toContain('dana')
    expect(members.join(' ')).not.toContain(id)
    for (const key of [seen, `${prefix}salt:${utcDay(NOW)}`]) {
      const ttl = await redis.ttl(key)
      expect(ttl).toBeGreaterThan(86_400)
      expect(ttl).toBeLessThanOrEqual(2 * 86_400)
    }
  })

  it('counts what each process saw when Redis cannot answer, and says why', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    // nothing listens on port 1
    const gone = new Redis('redis://127.0.0.1:1', { maxRetriesPerRequest: 0, connectTimeout: 200 })
    gone.on('error', () => {})
    const heard: unknown[] = []
    const counters = [new AdStatsCounter(), new AdStatsCounter()]
    for (const counter of counters) {
      counter.shareWith(new RedisViewers(gone), (error) => heard.push(error))
      counter.countView(id, 'd:device-eve', NOW)
    }
    try {
      for (const counter of counters) await counter.flush(api.t.db)
    } finally {
      gone.disconnect()
    }
    expect(await views(api.t, id)).toBe(2)
    expect(heard).toHaveLength(2)
  })

  it("counts the app's beacons through Redis when REDIS_URL is set", async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    for (let i = 0; i < 2; i++) {
      const sent = await api.t.app.inject({
        method: 'POST',
        url: `/api${AdsPaths.views}?ads=${id}&d=device-fay-1234`,
      })
      expect(sent.statusCode).toBe(204)
    }
    const read = await api.t.app.inject({
      method: 'GET',
      url: `/api${AdsPaths.stats(id)}`,
      headers: owner.auth,
    })
    expect(read.json<AdStats>().totals.views).toBe(1)
    expect(await redis.exists(`maple-views:seen:${utcDay(api.t.app.clock.now())}`)).toBe(1)
  })
})
