import { eq } from 'drizzle-orm'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { changed } from '#server/db/after-commit.ts'
import type { Change } from '#server/db/changes.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import type { ChangeNews } from '#server/services/cache/change-news.ts'
import { createAd, member } from '#tests/support/ads.ts'
import { createTestApp, setupTestApp, type TestApp, testDbKind } from '#tests/support/api-app.ts'
import { redisReachable } from '#tests/support/redis.ts'

// The short caches on PostgreSQL, kept true by the news every process sends through Redis
// (services/cache/change-feed.ts, docs/decisions/021-shared-changes.md), and the commit hook the
// news waits for (`changed` in db/after-commit.ts).

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const onPostgres = testDbKind() === 'postgres'
const hasRedis = onPostgres && (await redisReachable(redisUrl))

// the change feed and its news, polled every 10 ms for at most 5 s
const WAIT = { timeout: 5_000, interval: 10 }

function wallet(t: TestApp, auth: { authorization: string }) {
  return t.app.inject({ method: 'GET', url: '/api/wallet/', headers: auth })
}

// the rest of what `changed` promises (once per commit, nothing on a rollback): committed-changes.test.ts
describe('changed', () => {
  const api = setupTestApp()

  // PGlite runs one transaction at a time, so only PostgreSQL can end one inside another's span
  it.runIf(onPostgres)(
    'keeps a transaction’s changes while another one that overlapped it has already ended',
    async () => {
      const told: Change[] = []
      const stop = api.t.database.changes.listen((change) => told.push(change))
      let firstDone = () => {}
      const firstEnded = new Promise<void>((resolve) => {
        firstDone = resolve
      })
      const second = api.t.db.transaction(async (tx) => {
        await firstEnded
        // the storage was turned off and on again meanwhile (after-commit.ts): still this transaction's
        await tx.execute('SELECT 1')
        changed(tx, 'wallets')
        expect(told).toEqual(['ads'])
      })
      await api.t.db.transaction(async (tx) => {
        await tx.execute('SELECT 1')
        changed(tx, 'ads')
      })
      firstDone()
      await second
      expect(told).toEqual(['ads', 'wallets'])
      stop()
    },
  )
})

describe.runIf(hasRedis)('caches on PostgreSQL, told of other processes’ changes through Redis', () => {
  const api = setupTestApp({ REDIS_URL: redisUrl })
  const other = new Redis(redisUrl)
  const heard: ChangeNews[] = []
  const channel = () => api.t.app.changeFeed?.channel ?? 'no change feed'
  beforeAll(async () => {
    await other.subscribe(channel())
    other.on('message', (_channel: string, message: string) => {
      // the first test also sends junk, which the feed must ignore; heartbeats carry no name
      if (!message.startsWith('{')) return
      const news = JSON.parse(message) as ChangeNews
      if (news.name !== undefined) heard.push(news)
    })
    await vi.waitFor(() => expect(api.t.app.cachesLive?.(), 'the change feed').toBe(true), WAIT)
  })
  afterAll(() => other.disconnect())

  it('keeps answering a session from its cache until another process says it changed, then asks again', async () => {
    const feed = api.t.app.changeFeed
    if (!feed) throw new Error('no change feed')
    const m = await member(api.t)
    expect((await wallet(api.t, m.auth)).statusCode).toBe(200)
    // another process signs the user out: its row goes, and this process has not heard yet
    await api.t.db.delete(sessions).where(eq(sessions.userId, m.id))
    expect((await wallet(api.t, m.auth)).statusCode).toBe(200)

    const received = feed.received
    const publisher = new Redis(redisUrl)
    try {
      await publisher.publish(channel(), JSON.stringify({ origin: 'another process', name: 'sessions' }))
      await publisher.publish(channel(), 'not news')
    } finally {
      publisher.disconnect()
    }
    await vi.waitFor(() => expect(feed.received, 'the news').toBeGreaterThan(received), WAIT)
    expect((await wallet(api.t, m.auth)).statusCode).toBe(401)
  })

  it('tells the others of its own changes once they are committed, where any connection can read them', async () => {
    const m = await member(api.t)
    heard.length = 0
    const id = await createAd(api.t, m)
    await vi.waitFor(
      () => expect(heard, 'the ads news').toContainEqual(expect.objectContaining({ name: 'ads' })),
      WAIT,
    )
    const news = heard.find((n) => n.name === 'ads')
    expect(news?.origin).toBe(api.t.app.changeFeed?.origin)
    const res = await api.t.app.inject({ method: 'GET', url: `/api/ads/${id}`, headers: m.auth })
    expect(res.statusCode).toBe(200)

    heard.length = 0
    const logout = await api.t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: m.auth })
    expect(logout.statusCode).toBeLessThan(300)
    await vi.waitFor(
      () => expect(heard, 'the sessions news').toContainEqual(expect.objectContaining({ name: 'sessions' })),
      WAIT,
    )
  })
})

describe.runIf(hasRedis)('caches on PostgreSQL when the news stops', () => {
  const api = setupTestApp({ REDIS_URL: redisUrl })
  beforeAll(async () => {
    await vi.waitFor(() => expect(api.t.app.cachesLive?.(), 'the change feed').toBe(true), WAIT)
  })

  it('are voided when the Redis connection drops, since news may have been missed meanwhile', async () => {
    const m = await member(api.t)
    expect((await wallet(api.t, m.auth)).statusCode).toBe(200)
    // another process signs the user out while this one's connection to Redis is cut
    await api.t.db.delete(sessions).where(eq(sessions.userId, m.id))
    const feed = api.t.app.changeFeed
    if (!feed) throw new Error('no change feed')
    const subscriptions = feed.subscriptions
    const admin = new Redis(redisUrl)
    try {
      await admin.call('CLIENT', 'KILL', 'TYPE', 'pubsub')
    } finally {
      admin.disconnect()
    }
    await vi.waitFor(
      () => expect(feed.subscriptions, 'the change feed back').toBeGreaterThan(subscriptions),
      WAIT,
    )
    // live once its own heartbeat comes back through the new connection
    await vi.waitFor(() => expect(feed.live(), 'the caches back on').toBe(true), WAIT)
    expect((await wallet(api.t, m.auth)).statusCode).toBe(401)
  })
})

describe.runIf(onPostgres)('caches on PostgreSQL without news from the others', () => {
  let t: TestApp
  beforeAll(async () => {
    // nothing listens on port 1: the feed never subscribes
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' })
  })
  afterAll(() => t.close())

  it('stay off, so a session another process revoked is refused at once', async () => {
    expect(t.app.cachesLive?.()).toBe(false)
    const m = await member(t)
    expect((await wallet(t, m.auth)).statusCode).toBe(200)
    await t.db.delete(sessions).where(eq(sessions.userId, m.id))
    expect((await wallet(t, m.auth)).statusCode).toBe(401)
  })
})

// The fault drill (issue 43): a phrase added on one process was enforced on the other 1.1-1.9 s later,
// when its matcher re-read the list, while every other cache heard the news in about 10 ms. The
// list's changes now travel as news too (docs/decisions/041-fault-drill.md).
describe.runIf(hasRedis)('the banned-phrase list on two processes of one database', () => {
  let one: TestApp
  let two: TestApp
  beforeAll(async () => {
    one = await createTestApp({ REDIS_URL: redisUrl })
    // the second app on the first one's database, so on its channel too
    const shared = one.config.DATABASE_URL ?? ''
    two = await createTestApp({ REDIS_URL: redisUrl, DATABASE_URL: shared }, { connectThrough: () => shared })
    await vi.waitFor(() => {
      expect(one.app.cachesLive?.(), 'the first change feed').toBe(true)
      expect(two.app.cachesLive?.(), 'the second change feed').toBe(true)
    }, WAIT)
  })
  afterAll(async () => {
    await two?.close()
    await one?.close()
  })

  it('enforces a phrase added on one on the other within a second, every time, and forgets a removed one as fast', async () => {
    for (let round = 0; round < 3; round++) {
      const phrase = `Zorblax${round}`
      // the other process has just read the list: only news can make it read again soon
      expect((await two.app.bannedPhrases.check(phrase, '')).ok).toBe(true)
      const added = await one.app.bannedPhrases.add(phrase)
      const started = Date.now()
      while (!(await two.app.bannedPhrases.check(phrase, '')).matches.includes(phrase)) {
        expect(Date.now() - started).toBeLessThan(1_000)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
      await one.app.bannedPhrases.remove(added.id)
      const removed = Date.now()
      while (!(await two.app.bannedPhrases.check(phrase, '')).ok) {
        expect(Date.now() - removed).toBeLessThan(1_000)
        await new Promise((resolve) => setTimeout(resolve, 10))
      }
    }
  })
})
