import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { Redis } from 'ioredis'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from '#server/errors.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

const INDEX_HTML = '<!doctype html><html><body><div id="root">shell</div></body></html>'
const HOME_HTML = '<!doctype html><title>Maple</title><div id="root"><h1>Home, pre-rendered</h1></div>'
const LISTING_HTML =
  '<!doctype html><link rel="modulepreload" href="/assets/listing.js"><div id="root"></div>'

function makeBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'maple-static-'))
  mkdirSync(join(dir, 'assets'))
  writeFileSync(join(dir, 'index.html'), INDEX_HTML)
  writeFileSync(join(dir, 'assets', 'index-abc123.js'), 'console.log(1)')
  writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
  writeFileSync(join(dir, 'manifest.webmanifest'), '{"name":"Maple After Dark"}')
  writeFileSync(join(dir, 'robots.txt'), 'User-agent: *\nAllow: /\n')
  // as scripts/vite/precompress.ts writes them
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(INDEX_HTML))
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(INDEX_HTML))
  // as scripts/vite/prerender-home.ts writes it
  writeFileSync(join(dir, 'home.html'), HOME_HTML)
  writeFileSync(join(dir, 'home.html.br'), brotliCompressSync(HOME_HTML))
  writeFileSync(join(dir, 'home.html.gz'), gzipSync(HOME_HTML))
  // as scripts/vite/listing-shell.ts writes them
  writeFileSync(join(dir, 'listing.html'), LISTING_HTML)
  writeFileSync(join(dir, 'listing.html.br'), brotliCompressSync(LISTING_HTML))
  writeFileSync(join(dir, 'listing.html.gz'), gzipSync(LISTING_HTML))
  writeFileSync(join(dir, 'assets', 'index-abc123.js.br'), brotliCompressSync('console.log(1)'))
  return dir
}

// a unique path per run, so counters left in a shared Redis by an earlier run never interfere
const limitedPath = `/api/test/limited-${randomBytes(4).toString('hex')}`

function addTestRoutes(app: FastifyInstance) {
  const zapp = app.withTypeProvider<ZodTypeProvider>()
  zapp.post(
    '/api/test/echo',
    { schema: { body: z.object({ email: z.email(), age: z.number().int().min(18) }) } },
    async (request) => request.body,
  )
  zapp.get(
    '/api/test/query',
    { schema: { querystring: z.object({ page: z.coerce.number().int().min(1) }) } },
    async (request) => ({ page: request.query.page }),
  )
  zapp.get('/api/test/boom', async () => {
    throw new Error('connection to db-secret-host:5432 refused')
  })
  zapp.get('/api/test/payment-required', async () => {
    throw new ApiError(402, 'Insufficient balance')
  })
  zapp.get(limitedPath, rateLimited(2, '1 minute'), async () => ({ ok: true }))
}

let t: TestApp
let staticDir: string

beforeAll(async () => {
  staticDir = makeBuild()
  t = await createTestApp(
    { STATIC_DIR: staticDir, CORS_ORIGINS: 'https://partner.example, https://other.example' },
    { setup: addTestRoutes },
  )
})
afterAll(async () => {
  await t?.close()
  rmSync(staticDir, { recursive: true, force: true })
})

describe('errors are always { detail }', () => {
  it('refuses malformed JSON with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c",',
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Request body is not valid JSON' })
  })

  it('refuses a body over 1 MiB with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.co', age: 20, pad: 'x'.repeat(1024 * 1024) }),
    })
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({ detail: 'Request body is too large' })
  })

  it('names the invalid field in a 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'not-an-email', age: 30 },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'email: Invalid email address' })
  })

  it('lists every invalid field and names query parameters too', async () => {
    const body = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { email: 'x', age: 12 },
    })
    expect(body.json().detail).toMatch(/^email: .+; age: .+/)
    const query = await t.app.inject({ method: 'GET', url: '/api/test/query?page=0' })
    expect(query.statusCode).toBe(400)
    expect(query.json().detail).toMatch(/^page: /)
  })

  it('says which part is missing when there is no body at all', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/test/echo' })
    expect(res.statusCode).toBe(400)
    expect(typeof res.json().detail).toBe('string')
  })

  it('hides the cause of a 500 behind "Internal server error"', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/boom' })
    expect(res.statusCode).toBe(500)
    expect(res.json()).toEqual({ detail: 'Internal server error' })
    expect(res.body).not.toContain('db-secret-host')
  })

  it('sends an ApiError with its own status and words', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/test/payment-required' })
    expect(res.statusCode).toBe(402)
    expect(res.json()).toEqual({ detail: 'Insufficient balance' })
  })

  it('answers unknown API paths and methods with 404 Not found', async () => {
    for (const [method, url] of [
      ['GET', '/api/x'],
      ['POST', '/api/x'],
      ['DELETE', '/api/'],
    ] as const) {
      const res = await t.app.inject({ method, url })
      expect(res.statusCode, `${method} ${url}`).toBe(404)
      expect(res.json()).toEqual({ detail: 'Not found' })
    }
  })

  it('answers a URL it cannot decode with 400 { detail }, without echoing it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/payments/sandbox/%zz' })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'Malformed URL' })
  })

  it('answers an over-long path parameter with 414 { detail }', async () => {
    // POST: a GET would fall through to the PWA's wildcard route and answer 404
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/payments/sandbox/${'x'.repeat(200)}/pay`,
    })
    expect(res.statusCode).toBe(414)
    expect(res.json()).toEqual({ detail: expect.any(String) })
  })
})

describe('rate limits', () => {
  it('answers 429 { detail } with Retry-After once a route limit is used up', async () => {
    expect((await t.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    const res = await t.app.inject({ method: 'GET', url: limitedPath })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ detail: 'Too many requests, please try again later.' })
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('leaves routes without a limit alone', async () => {
    for (let i = 0; i < 30; i++) {
      expect((await t.app.inject({ method: 'GET', url: '/api/' })).statusCode).toBe(200)
    }
  })
})

describe('security headers and CORS', () => {
  it('sends a CSP fitting the PWA and the usual hardening headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/' })
    const csp = String(res.headers['content-security-policy'])
    for (const directive of [
      "default-src 'self'",
      "script-src 'self'",
      "img-src 'self' data: blob:",
      "worker-src 'self'",
      "manifest-src 'self'",
      "connect-src 'self'",
      "frame-ancestors 'none'",
    ]) {
      expect(csp).toContain(directive)
    }
    expect(res.headers['x-content-type-options']).toBe('nosniff')
    expect(res.headers['referrer-policy']).toBe('no-referrer')
    expect(res.headers['x-frame-options']).toBeDefined()
  })

  it('allows our own origin and refuses others', async () => {
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { origin: 'http://localhost:8080' },
    })
    expect(own.headers['access-control-allow-origin']).toBe('http://localhost:8080')
    const other = await t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { origin: 'https://evil.example' },
    })
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  it('answers an OPTIONS request without Origin like a preflight, never with a plain-text error', async () => {
    const res = await t.app.inject({ method: 'OPTIONS', url: '/api/wallet/pay' })
    expect(res.statusCode).toBeLessThan(400)
    expect(res.body).toBe('')
  })
})

describe('OpenAPI', () => {
  it('serves a valid OpenAPI document at /api/docs/json', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    expect(doc.openapi).toMatch(/^3\.0\.\d+$/)
    expect(doc.info.title).toBeTruthy()
    expect(doc.info.version).toBeTruthy()
    const methods = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']
    for (const [path, item] of Object.entries<Record<string, { responses?: object }>>(doc.paths)) {
      expect(path.startsWith('/'), path).toBe(true)
      for (const [method, op] of Object.entries(item)) {
        expect(methods, `${path} ${method}`).toContain(method)
        expect(Object.keys(op.responses ?? {}).length, `${path} ${method}`).toBeGreaterThan(0)
      }
    }
    // every $ref points at something that exists in the document
    const refs = [...res.body.matchAll(/"\$ref":"#\/([^"]+)"/g)].map((m) => m[1] ?? '')
    for (const ref of refs) {
      const target = ref
        .split('/')
        .reduce<unknown>((node, key) => (node as Record<string, unknown>)?.[key], doc)
      expect(target, ref).toBeDefined()
    }
    expect(Object.keys(doc.paths)).toContain('/api/meta/cities')
    expect(doc.paths['/api/meta/cities'].get.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['province', 'q', 'limit']),
    )
  })

  it('serves the docs UI at /api/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(res.statusCode)
  })
})

describe('the built PWA', () => {
  it('serves index.html for client routes, the listing shell for /ca/… and the pre-rendered home for /, all uncached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login?redirect=%2Fwallet' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(INDEX_HTML)
    const listing = await t.app.inject({ method: 'GET', url: '/ca/on/adult-buy-sell?q=x' })
    expect(listing.statusCode).toBe(200)
    expect(listing.headers['content-type']).toMatch(/text\/html/)
    expect(listing.headers['cache-control']).toBe('no-cache')
    expect(listing.body).toBe(LISTING_HTML)
    const home = await t.app.inject({ method: 'GET', url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toBe(HOME_HTML)
    expect(home.headers['cache-control']).toBe('no-cache')
  })

  it('never answers an API path with the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/x' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not found' })
  })

  it('caches hashed assets for ever and the service worker and manifest not at all', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    expect((await t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent')
  })

  it('sends the pre-compressed file to a browser that accepts it, with the same cache headers', async () => {
    const br = { 'accept-encoding': 'gzip, deflate, br' }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: br })
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)')
    for (const [url, html] of [
      ['/', HOME_HTML],
      ['/ca/on/adult-buy-sell', LISTING_HTML],
      ['/wallet', INDEX_HTML],
    ] as const) {
      const page = await t.app.inject({ method: 'GET', url, headers: br })
      expect(page.headers['content-encoding'], url).toBe('br')
      expect(page.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(html)
    }
    const gz = await t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await t.app.inject({ method: 'GET', url: '/robots.txt', headers: br })
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it('answers a missing hashed asset with 404, not the shell', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not found' })
  })
})

async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 0 })
  redis.on('error', () => {})
  try {
    await redis.connect()
    return (await redis.ping()) === 'PONG'
  } catch {
    return false
  } finally {
    redis.disconnect()
  }
}

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
const hasRedis = await redisReachable(redisUrl)

describe.runIf(hasRedis)('rate limits shared through Redis', () => {
  let r: TestApp
  beforeAll(async () => {
    r = await createTestApp({ REDIS_URL: redisUrl }, { setup: addTestRoutes })
  })
  afterAll(() => r?.close())

  it('counts in Redis and answers 429 { detail } over the limit', async () => {
    expect((await r.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    expect((await r.app.inject({ method: 'GET', url: limitedPath })).statusCode).toBe(200)
    const res = await r.app.inject({ method: 'GET', url: limitedPath })
    expect(res.statusCode).toBe(429)
    expect(res.json()).toEqual({ detail: 'Too many requests, please try again later.' })
  })
})
