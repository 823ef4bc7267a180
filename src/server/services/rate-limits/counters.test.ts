import { Redis } from 'ioredis'
import { describe, expect, it } from 'vitest'
import { windowMs } from '#server/plugins/rate-limit.ts'
import { redisReachable } from '#tests/support/redis.ts'
import { clientKey, FLUSH_AFTER_MS, MemoryCounters, type RateWindow, RedisCounters } from './counters.ts'

describe('in-memory rate counters', () => {
  it('counts a client within its window and starts again once the window has ended', () => {
    const counters = new MemoryCounters(60_000)
    expect(counters.hit('a', 1_000)).toEqual({ count: 1, resetAt: 61_000 })
    expect(counters.hit('a', 30_000)).toEqual({ count: 2, resetAt: 61_000 })
    expect(counters.hit('a', 60_999).count).toBe(3)
    expect(counters.hit('a', 61_000)).toEqual({ count: 1, resetAt: 121_000 })
  })

  it('keeps each client apart', () => {
    const counters = new MemoryCounters(60_000)
    counters.hit('a', 0)
    counters.hit('a', 0)
    expect(counters.hit('b', 0).count).toBe(1)
    expect(counters.hit('a', 0).count).toBe(3)
  })

  it('forgets windows that have ended when a new client arrives, so memory follows the live clients', () => {
    const counters = new MemoryCounters(1_000)
    for (let i = 0; i < 100; i++) counters.hit(`old-${i}`, 0)
    // a client whose window started again later is not among the ended ones
    counters.hit('old-5', 1_500)
    counters.hit('new', 1_600)
    expect(counters.size).toBe(2)
    expect(counters.hit('old-5', 1_700).count).toBe(2)
  })

  it('forgets the oldest windows first when more clients than it keeps arrive inside one window', () => {
    const counters = new MemoryCounters(60_000, 3)
    for (const key of ['a', 'b', 'c']) counters.hit(key, 0)
    counters.hit('c', 1)
    counters.hit('d', 2)
    expect(counters.size).toBe(3)
    // 'a' was forgotten and starts at one again; 'c' kept its count
    expect(counters.hit('c', 3).count).toBe(3)
    expect(counters.hit('a', 3).count).toBe(1)
  })
})

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'

describe.runIf(await redisReachable(redisUrl))('Redis rate counters', () => {
  const withRedis = async (run: (redis: Redis, prefix: string) => Promise<void>) => {
    const redis = new Redis(redisUrl)
    const prefix = `test-rl:${Date.now()}-${Math.random().toString(36).slice(2)}:`
    try {
      await run(redis, prefix)
    } finally {
      const keys = await redis.keys(`${prefix}*`)
      if (keys.length > 0) await redis.del(...keys)
      redis.disconnect()
    }
  }
  const flushed = () => new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS + 20))

  it('count a client below half its limit at once, and Redis hears of those hits within moments', async () => {
    await withRedis(async (redis, prefix) => {
      await redis.ping()
      const counters = new RedisCounters(redis, prefix, 60_000, 10)
      const now = Date.now()
      expect((await counters.hit('203.0.113.9', now))?.count).toBe(1)
      for (const count of [2, 3, 4, 5]) {
        const window = counters.hit('203.0.113.9', now)
        // no promise: no wait for Redis
        expect(window).not.toBeInstanceOf(Promise)
        expect((window as RateWindow).count).toBe(count)
      }
      await flushed()
      expect(await redis.get(`${prefix}203.0.113.9`)).toBe('5')
      // from half the limit on, each hit is Redis's own count
      const sixth = counters.hit('203.0.113.9', now)
      expect(sixth).toBeInstanceOf(Promise)
      expect((await sixth)?.count).toBe(6)
    })
  })

  it("hold a limit across processes: near it, each hit counts every process's hits", async () => {
    await withRedis(async (redis, prefix) => {
      await redis.ping()
      const one = new RedisCounters(redis, prefix, 60_000, 10)
      const two = new RedisCounters(redis, prefix, 60_000, 10)
      const now = Date.now()
      const allowed: boolean[] = []
      for (let i = 0; i < 12; i++) {
        const counters = i % 2 === 0 ? one : two
        allowed.push(((await counters.hit('198.51.100.7', now))?.count ?? 0) <= 10)
        await flushed()
      }
      expect(allowed).toEqual([...Array(10).fill(true), false, false])
      expect(await redis.get(`${prefix}198.51.100.7`)).toBe('12')
    })
  })
})

describe('Redis rate counters while Redis is away', () => {
  it('count in this process instead of letting every request through', async () => {
    // never connected: nothing listens on port 1
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, maxRetriesPerRequest: 0 })
    try {
      const counters = new RedisCounters(redis, 'test:', 60_000, 10)
      const now = 1_000_000
      expect((await counters.hit('203.0.113.9', now))?.count).toBe(1)
      expect((await counters.hit('203.0.113.9', now + 1))?.count).toBe(2)
      expect((await counters.hit('198.51.100.1', now + 2))?.count).toBe(1)
    } finally {
      redis.disconnect()
    }
  })
})

describe('the key a client is counted by', () => {
  it('is an IPv4 address as it is', () => {
    expect(clientKey('203.0.113.5')).toBe('203.0.113.5')
  })

  it('is the /64 of an IPv6 address, however it is written', () => {
    const key = '2001:db8:0:1::/64'
    expect(clientKey('2001:db8:0:1::1')).toBe(key)
    expect(clientKey('2001:0DB8:0000:0001:ffff:ffff:ffff:ffff')).toBe(key)
    expect(clientKey('2001:db8::1:0:0:0:7')).toBe(key)
    expect(clientKey('2001:db8:0:2::1')).not.toBe(key)
    expect(clientKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64')
    expect(clientKey('::1')).toBe('0:0:0:0::/64')
  })

  it('is the IPv4 address of an IPv4-mapped IPv6 address', () => {
    expect(clientKey('::ffff:203.0.113.5')).toBe('203.0.113.5')
    expect(clientKey('::FFFF:cb00:7105')).toBe('203.0.113.5')
    expect(clientKey('0:0:0:0:0:ffff:203.0.113.5')).toBe('203.0.113.5')
  })

  it('is one shared key for a connection that has no address any more', () => {
    expect(clientKey(undefined)).toBe('unknown')
  })

  it('is the text itself when it is no address, without throwing', () => {
    for (const junk of ['nope', 'a:b:c', '1::2::3', '::ffff:999.1.1.1', '1:2:3:4:5:6:7:8:9', ':::']) {
      expect(clientKey(junk)).toBe(junk.toLowerCase())
    }
  })
})

describe('time windows', () => {
  it('reads the windows the routes are written with', () => {
    expect(windowMs('1 minute')).toBe(60_000)
    expect(windowMs('10 minutes')).toBe(600_000)
    expect(windowMs('1 hour')).toBe(3_600_000)
    expect(windowMs('30 seconds')).toBe(30_000)
  })

  it('refuses a window it cannot read rather than limit nothing', () => {
    expect(() => windowMs('0 minutes')).toThrow(/not a time window/)
    expect(() => windowMs('1 fortnight' as never)).toThrow(/not a time window/)
  })
})

describe.runIf(await redisReachable(redisUrl))('Redis rate counters for a small limit', () => {
  it('ask Redis at every hit, so a limit of a few tries holds across processes hit after hit', async () => {
    const redis = new Redis(redisUrl)
    const prefix = `test-rl:${Date.now()}-${Math.random().toString(36).slice(2)}:`
    try {
      await redis.ping()
      const one = new RedisCounters(redis, prefix, 60_000, 2)
      const two = new RedisCounters(redis, prefix, 60_000, 2)
      const now = Date.now()
      const first = one.hit('203.0.113.77', now)
      expect(first).toBeInstanceOf(Promise)
      expect((await first)?.count).toBe(1)
      expect((await two.hit('203.0.113.77', now))?.count).toBe(2)
      expect((await one.hit('203.0.113.77', now))?.count).toBe(3)
    } finally {
      await redis.del(`${prefix}203.0.113.77`)
      redis.disconnect()
    }
  })
})
