// The app the platform API tests share: a fake client build in STATIC_DIR (as scripts/build.mjs
// leaves it, pre-compressed files and all), two CORS origins, and test-only routes that fail in each
// way a route can. Call setupPlatformApp() at the top of a test file: it registers the file's hooks.
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { afterAll, beforeAll } from 'vitest'
import { z } from 'zod'
import { ApiError } from '#server/errors.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import { setupTestApp, type TestAppRef } from './api-app.ts'

export const INDEX_HTML = '<!doctype html><html><body><div id="root">shell</div></body></html>'
export const HOME_HTML = '<!doctype html><title>Maple</title><div id="root"><h1>Home, pre-rendered</h1></div>'
export const LISTING_HTML =
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
export const limitedPath = `/api/test/limited-${randomBytes(4).toString('hex')}`

export function addTestRoutes(app: FastifyInstance) {
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
    throw new ApiError(402, 'wallet.insufficient_balance')
  })
  zapp.get(limitedPath, rateLimited({ max: 2, timeWindow: '1 minute' }), async () => ({ ok: true }))
  const noKey = () => {
    throw new Error('no key for this request')
  }
  zapp.get(
    '/api/test/limited-without-key',
    { config: { rateLimit: { max: 5, timeWindow: '1 minute', keyGenerator: noKey } } },
    async () => ({ ok: true }),
  )
}

export function setupPlatformApp(): TestAppRef {
  let staticDir = ''
  beforeAll(() => {
    staticDir = makeBuild()
  })
  afterAll(() => rmSync(staticDir, { recursive: true, force: true }))
  return setupTestApp(
    () => ({ STATIC_DIR: staticDir, CORS_ORIGINS: 'https://partner.example, https://other.example' }),
    { setup: addTestRoutes },
  )
}
