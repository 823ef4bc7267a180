import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '#server/db/client.ts'
import { refusal } from '#server/errors.ts'
import { RETRY_AFTER_SECONDS } from '#server/outages.ts'
import { databaseCheck, ProcessUnfit } from '#server/readiness.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { createTestApp, setupTestApp, type TestApp } from '#tests/support/api-app.ts'

// The probes a balancer asks (GET /healthz, GET /readyz) and the request deadline behind every other
// bound (REQUEST_TIMEOUT_MS); docs/decisions/027-health-and-draining.md. A real outage of the
// database, the media store and Redis is in database-outages, media-outages and shared-changes.

// a dependency the test turns off and on, and counts the questions it is asked
const probe = { failing: false, hanging: false, asked: 0, sharedDown: false, unfit: false }
let release = () => {}

const api = setupTestApp(
  // longer than a probe waiting a second on a check that hangs
  { REQUEST_TIMEOUT_MS: 3_000 },
  {
    setup: (app) => {
      app.readiness.add({
        name: 'test dependency',
        run: () => {
          probe.asked++
          if (probe.hanging) {
            return new Promise<void>((resolve) => {
              release = resolve
            })
          }
          return probe.failing ? Promise.reject(new Error('refused')) : Promise.resolve()
        },
      })
      // a dependency every process shares and can serve without, like Redis
      app.readiness.add({
        name: 'shared dependency',
        degradesOnly: true,
        run: () => {
          if (probe.unfit) return Promise.reject(new ProcessUnfit('its own connections fail'))
          return probe.sharedDown ? Promise.reject(new Error('gone')) : Promise.resolve()
        },
      })
      // a handler waiting on something that has no bound of its own
      app.get('/api/test/never', () => new Promise(() => {}))
    },
  },
)

const get = (url: string) => api.t.app.inject({ method: 'GET', url })
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
// a probe's answer is kept half a second
const fresh = () => pause(600)

describe('GET /healthz', () => {
  it('answers ok while the process runs, never cached', async () => {
    const res = await get('/healthz')
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
    expect(res.headers['cache-control']).toBe('no-store')
  })
})

describe('GET /readyz', () => {
  it('answers 200 with every check ok once the start-up work is done', async () => {
    await fresh()
    const res = await get('/readyz')
    expect(res.statusCode).toBe(200)
    expect(res.headers['cache-control']).toBe('no-store')
    expect(res.json()).toEqual({
      status: 'ready',
      checks: {
        'test dependency': 'ok',
        'shared dependency': 'ok',
        database: 'ok',
        'media store': 'ok',
        'start-up': 'ok',
      },
    })
  })

  it('answers 503 naming the check that failed, and 200 again once it answers', async () => {
    await fresh()
    probe.failing = true
    const down = await get('/readyz')
    expect(down.statusCode).toBe(503)
    expect(down.json()).toMatchObject({
      status: 'unready',
      checks: { 'test dependency': 'refused', database: 'ok' },
    })
    probe.failing = false
    await fresh()
    expect((await get('/readyz')).statusCode).toBe(200)
  })

  it('stays ready while a shared dependency it can serve without is down, saying so', async () => {
    await fresh()
    probe.sharedDown = true
    try {
      const res = await get('/readyz')
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({
        status: 'ready',
        checks: { 'shared dependency': 'degraded: gone', database: 'ok' },
      })
    } finally {
      probe.sharedDown = false
    }
  })

  it('answers 503 when a check says the process itself is unfit, even for a dependency that only degrades', async () => {
    await fresh()
    probe.unfit = true
    try {
      const res = await get('/readyz')
      expect(res.statusCode).toBe(503)
      expect(res.json()).toMatchObject({
        status: 'unready',
        checks: { 'shared dependency': 'unfit: its own connections fail' },
      })
    } finally {
      probe.unfit = false
    }
    await fresh()
    expect((await get('/readyz')).statusCode).toBe(200)
  })

  it('asks each dependency once for the probes of half a second, and never again while it has not answered', async () => {
    await fresh()
    const before = probe.asked
    const answers = await Promise.all([get('/readyz'), get('/readyz'), get('/readyz')])
    for (const res of answers) expect(res.statusCode).toBe(200)
    expect(probe.asked - before).toBe(1)

    probe.hanging = true
    try {
      await fresh()
      const hung = before + 1
      // each probe gives up on the check after a second; the question under way is not asked again
      for (let i = 0; i < 3; i++) {
        const res = await get('/readyz')
        expect(res.statusCode).toBe(503)
        expect(res.json().checks['test dependency']).toMatch(/no answer within/)
        await fresh()
      }
      expect(probe.asked).toBe(hung + 1)
    } finally {
      probe.hanging = false
      release()
    }
  })

  it('answers 503 draining once the process drains (SIGTERM), whatever the checks say', async () => {
    api.t.app.readiness.drain()
    const res = await get('/readyz')
    expect(res.statusCode).toBe(503)
    expect(res.json().status).toBe('draining')
    expect((await get('/healthz')).statusCode).toBe(200)
  })
})

describe('a request with no answer', () => {
  it('is answered 503 with Retry-After once REQUEST_TIMEOUT_MS has passed', async () => {
    const res = await get('/api/test/never')
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
    expect(res.json()).toEqual(refusal('request.unavailable'))
  })
})

describe('a Redis that every process shares, down', () => {
  let t: TestApp
  beforeAll(async () => {
    // nothing listens on port 1: Redis is down from the start, for this process as for all the others
    t = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' })
  })
  afterAll(() => t?.close())

  it('leaves the process ready (the site stays up) and names Redis as degraded', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(res.statusCode).toBe(200)
    const report = res.json<{ status: string; checks: Record<string, string> }>()
    expect(report.status).toBe('ready')
    expect(report.checks.redis).toMatch(/^degraded: /)
  })

  it(`still answers the ${RATE_LIMITS.auth.login.max + 1}th sign-in attempt 429, counting in this process`, async () => {
    const statuses: number[] = []
    for (let attempt = 1; attempt <= RATE_LIMITS.auth.login.max + 1; attempt++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '203.0.113.9',
        payload: { email: 'victim@example.com', password: `guess-${attempt}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.at(-2)).toBe(401)
    expect(statuses.at(-1)).toBe(429)
  })
})

// The database check tells a pool broken in this process from a database down for every process
// (docs/decisions/041-fault-drill.md): only the first takes the process out of the balancer.
describe('the database check', () => {
  const failingPool = (reachable: Database['reachable']) =>
    ({
      db: { execute: () => Promise.reject(new Error('Client was closed')) },
      reachable,
    }) as unknown as Database

  it('says the process is unfit when its pool fails while the database answers a new connection', async () => {
    const check = databaseCheck(failingPool(async () => {}))
    await expect(check.run()).rejects.toBeInstanceOf(ProcessUnfit)
  })

  it("passes the database's own failure on (an outage that only degrades) when no connection reaches it", async () => {
    const check = databaseCheck(
      failingPool(async () => {
        throw new Error('connect ECONNREFUSED')
      }),
    )
    expect(check.degradesOnly).toBe(true)
    const failure = await check.run().catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(Error)
    expect(failure).not.toBeInstanceOf(ProcessUnfit)
    expect((failure as Error).message).toBe('Client was closed')
  })
})
