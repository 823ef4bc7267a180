import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { sessions } from '#server/db/schema/sessions.ts'
import { member } from '#tests/support/ads.ts'
import { setupTestApp, testDbKind } from '#tests/support/api-app.ts'
import { redisReachable } from '#tests/support/redis.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'

// Two real processes on one PostgreSQL database, with the change feed between them
// (services/cache/change-feed.ts, docs/decisions/021-shared-changes.md and 027): this test's app
// ("here") and a server process ("there", src/server/main.ts) whose Redis connections go through a
// proxy the test can freeze, as a process cut off from Redis is.

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const hasRedis = testDbKind() === 'postgres' && (await redisReachable(redisUrl))

// the other process and Redis through the proxy, polled every 20 ms for at most 30 s
const WAIT = { timeout: 30_000, interval: 20 }

describe.runIf(hasRedis)('the change feed between two processes', () => {
  const here = setupTestApp({ REDIS_URL: redisUrl })
  let proxy: TcpProxy | undefined
  let there: ServerProcess | undefined

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(redisUrl).port || 6379), new URL(redisUrl).hostname)
    there = await startServer({
      DATABASE_URL: here.t.config.DATABASE_URL ?? '',
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    })
    const feed = here.t.app.changeFeed
    await vi.waitFor(() => {
      expect(feed?.live(), 'the two processes to hear each other').toBe(true)
      expect(feed?.knownProcesses, 'the two processes to hear each other').toBeGreaterThan(0)
    }, WAIT)
  }, 400_000)
  afterAll(async () => {
    await there?.stop()
    await proxy?.close()
  })

  const walletHere = (auth: { authorization: string }) =>
    here.t.app.inject({ method: 'GET', url: '/api/wallet/', headers: auth })

  it('refuses at once, here, a session signed out there: 40 times out of 40', async () => {
    for (let i = 0; i < 40; i++) {
      const m = await member(here.t)
      // here keeps the session in its cache
      expect((await walletHere(m.auth)).statusCode).toBe(200)
      const out = await fetch(`${there?.base}/api/auth/logout`, { method: 'POST', headers: m.auth })
      expect(out.status).toBe(204)
      // there answered once here had the news: the very next request here is refused
      expect((await walletHere(m.auth)).statusCode).toBe(401)
    }
  })

  it('stops trusting its caches while the other process is not heard (its Redis frozen), and trusts them again once it is', async () => {
    const feed = here.t.app.changeFeed
    if (!feed || !proxy || !there) throw new Error('not started')
    const m = await member(here.t)
    expect((await walletHere(m.auth)).statusCode).toBe(200)

    proxy.freeze()
    try {
      // there may now write without being heard: here's caches go off…
      await vi.waitFor(() => expect(feed.live(), 'the caches here to go off').toBe(false), WAIT)
      // …so a sign-out made there, unheard, is refused here at once
      await here.t.db.delete(sessions).where(eq(sessions.userId, m.id))
      expect((await walletHere(m.auth)).statusCode).toBe(401)
      // and there says Redis is degraded, yet stays ready: it can neither tell nor hear, and its
      // writes wait out the caches' bound instead (docs/decisions/027-health-and-draining.md)
      const base = there.base
      const redisCheck = async () => {
        const res = await fetch(`${base}/readyz`)
        const body = (await res.json()) as { checks: Record<string, string> }
        return { status: res.status, redis: body.checks.redis }
      }
      await vi.waitFor(
        async () => expect((await redisCheck()).redis, 'there to see Redis degraded').not.toBe('ok'),
        WAIT,
      )
      expect(await redisCheck()).toMatchObject({ status: 200, redis: expect.stringMatching(/^degraded: /) })
    } finally {
      proxy.thaw()
    }
    await vi.waitFor(() => expect(feed.live(), 'the caches here to come back').toBe(true), WAIT)
    await vi.waitFor(async () => {
      const body = (await (await fetch(`${there?.base}/readyz`)).json()) as { checks: Record<string, string> }
      expect(body.checks.redis, 'there to hear Redis again').toBe('ok')
    }, WAIT)
  })
})
