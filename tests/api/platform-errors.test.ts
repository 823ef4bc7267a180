import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { FLUSH_AFTER_MS } from '#server/services/rate-limits/counters.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { addTestRoutes, limitedPath, setupPlatformApp } from '#tests/support/platform-app.ts'
import { redisReachable } from '#tests/support/redis.ts'

// Errors are always { detail } (malformed, oversized, invalid, failing and unknown requests), and
// rate limits, in memory and shared through Redis.

const platform = setupPlatformApp()

describe('errors are always { detail }', () => {
  it('refuses malformed JSON with 400', async () => {
    const res = await platform.t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Request body is not valid JSON', code: 'request.bad_json' })
  })

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await platform.t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', age: 20, pad: 'x'.repeat(1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ detail: 'Request body is too large', code: 'request.too_large' })
  })

  it('names the invalid field in a 400', async () => {
    const res = await platform.t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', age: 30 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ detail: 'email: Invalid email address', code: 'request.invalid' })
  })

  it('lists every invalid field and names query parameters too', async () => {
    const body = await platform.t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'x', age: 12 },
    })
    expect(body.json().detail).toMatch(/^email: .+; age: .+/)
    const query = await platform.t.app.inject({ method: 'GET', url: '/api/test/query?page=0' })
    expect(query.statusCode).toBe(400)
    expect(query.json().detail).toMatch(/^page: /)
  })

  it('says which part is missing when there is no body at all', async () => {
    const res = await platform.t.app.inject({ method: 'POST', url: '/api/test/echo' })
    expect(res.statusCode).toBe(400)
    expect(typeof res.json().detail).toBe('string')
  })

  it('hides the cause of a 500 behind "Internal server error"', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ detail: 'Internal server error', code: 'request.internal' })
    expect(res.body).not.toContain('db-secret-host')
  })

  it('sends an ApiError with its own status and words', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/api/test/payment-required' })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ detail: 'Insufficient balance', code: 'wallet.insufficient_balance' })
  })

  it('answers unknown API paths and methods with 404 Not found', async () => {
    for (const [method, url] of [
      ['GET', '/api/x'],
      ['POST', '/api/x'],
      ['DELETE', '/api/'],
    ] as const) {
      const res = await platform.t.app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json()).toEqual({ detail: 'Not found', code: 'request.not_found' })
    }
  })

  it('answers a URL it cannot decode with 400 { detail }, without echoing it', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/api/payments/sandbox/%zz' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Malformed URL', code: 'request.malformed_url' })
  })

  it('answers an over-long path parameter with 414 { detail }', async () => {
    // POST: a GET would fall through to the PWA's wildcard route and answer 404
    const res = await platform.t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${'x'.repeat(200)}/pay`,
    })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) })
  })
})

describe('rate limits', () => {
  it('answers 429 { detail } with Retry-After once a route limit is used up', async () => {
    expect((await platform.t.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    expect((await platform.t.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    const res = await platform.t.app.inject({ method: 'GET', url: limitedPath })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({
      detail: 'Too many requests, please try again later.',
      code: 'request.rate_limited',
    })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('answers 500 { detail } when a route cannot make the key it counts by, instead of hanging', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/api/test/limited-without-key' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ detail: 'Internal server error', code: 'request.internal' })
  })

  it('leaves routes without a limit alone', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await platform.t.app.inject({ method: 'GET', url: '/api/' })).statusCode).toBe(200)
    }
  })
})

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const hasRedis = await redisReachable(redisUrl)

describe.runIf(hasRedis)('rate limits shared through Redis', () => {
  let r: TestApp
  let other: TestApp
  beforeAll(async () => {
    r = await createTestApp({ REDIS_URL: redisUrl }, { setup: addTestRoutes })
    other = await createTestApp({ REDIS_URL: redisUrl }, { setup: addTestRoutes })
  })
  afterAll(async () => {
    await r?.close()
    await other?.close()
  })

  it('counts in Redis and answers 429 { detail } over the limit', async () => {
    expect((await r.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    expect((await r.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    const res = await r.app.inject({ method: 'GET', url: limitedPath })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({
      detail: 'Too many requests, please try again later.',
      code: 'request.rate_limited',
    })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('counts one client across every process of the API', async () => {
    // a client of its own, so the test above has not used up its window
    const get = (app: TestApp) =>
      app.app.inject({ method: 'GET', url: limitedPath, remoteAddress: '198.51.100.7' })
    expect((await get(r)).statusCode).toBe(200)
    expect((await get(other)).statusCode).toBe(200)
    expect((await get(r)).statusCode).toBe(429)
    expect((await get(other)).statusCode).toBe(429)
  })

  it('counts a limit that only spares the process its own work (the moderation check) in each process alone', async () => {
    const check = (app: TestApp) =>
      app.app.inject({
        method: 'POST',
        url: '/api/moderation/check',
        remoteAddress: '198.51.100.23',
        payload: { title: 'Vintage lamp', description: 'Pick up downtown.' },
      })
    const { max } = RATE_LIMITS.moderation.check
    for (let i = 0; i < max; i++) expect((await check(r)).statusCode).toBe(200)
    expect((await check(r)).statusCode).toBe(429)
    // counted in Redis, the other process would hear of those hits at its first one and refuse the next
    expect((await check(other)).statusCode).toBe(200)
    await new Promise((resolve) => setTimeout(resolve, FLUSH_AFTER_MS + 30))
    for (let i = 1; i < max; i++) expect((await check(other)).statusCode).toBe(200)
    expect((await check(other)).statusCode).toBe(429)
  })
})

describe('rate limits while Redis is down', () => {
  let r: TestApp
  beforeAll(async () => {
    // nothing listens on port 1: every count fails, as in an outage
    r = await createTestApp({ REDIS_URL: 'redis://127.0.0.1:1' }, { setup: addTestRoutes })
  })
  afterAll(() => r?.close())

  it('keeps serving, and keeps limiting by counting in this process, rather than fail with Redis', async () => {
    // decision 027: a shared Redis down does not take the API down, nor switch the limits off
    expect((await r.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    expect((await r.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    const res = await r.app.inject({ method: 'GET', url: limitedPath })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toHaveProperty('detail')
  })
})
