import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { describe, expect, it } from 'vitest'
import { HOME_HTML, INDEX_HTML, LISTING_HTML, setupPlatformApp } from '#tests/support/platform-app.ts'

// What every answer carries and what the server serves besides the API: security headers and CORS,
// the OpenAPI document and its UI, and the built PWA with its caching and pre-compressed files.

const platform = setupPlatformApp()

describe('security headers and CORS', () => {
  it('sends pages a CSP fitting the PWA and the usual hardening headers', async () => {
    for (const url of ['/', '/ca/ON/adult-buy-sell', '/api/docs/']) {
      const res = await platform.t.app.inject({ method: 'GET', url })
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
        expect(csp, url).toContain(directive)
      }
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['referrer-policy'], url).toBe('no-referrer')
      expect(res.headers['x-frame-options'], url).toBeDefined()
    }
  })

  it('sends JSON answers, errors included, the API set: a CSP that allows nothing, no framing, no sniffing', async () => {
    for (const url of ['/api/', '/api/meta/cities?province=ON&q=to', '/api/wallet/', '/api/no-such-route']) {
      const res = await platform.t.app.inject({ method: 'GET', url })
      expect(res.headers['content-type'], url).toContain('application/json')
      expect(res.headers['content-security-policy'], url).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers['x-content-type-options'], url).toBe('nosniff')
      expect(res.headers['x-frame-options'], url).toBe('DENY')
      expect(res.headers['cross-origin-resource-policy'], url).toBe('same-origin')
      // only documents need these: a JSON answer is never one
      expect(res.headers['x-dns-prefetch-control'], url).toBeUndefined()
      expect(res.headers['origin-agent-cluster'], url).toBeUndefined()
    }
  })

  it('sends every answer, pages, JSON and errors alike, a Permissions-Policy that leaves only what the app uses', async () => {
    for (const url of ['/', '/ca/ON/adult-buy-sell', '/api/', '/api/no-such-route', '/api/docs/']) {
      const res = await platform.t.app.inject({ method: 'GET', url })
      const policy = String(res.headers['permissions-policy'])
      for (const feature of ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()']) {
        expect(policy, url).toContain(feature)
      }
      // sharing an ad and a video's full screen still work
      for (const used of ['fullscreen', 'web-share', 'clipboard-write'])
        expect(policy, url).not.toContain(used)
    }
  })

  it('keeps sign-in and revealed contact answers out of every cache, refusals included', async () => {
    const answers = [
      { url: '/api/auth/login', payload: { email: 'nobody@example.com', password: 'not-the-password' } },
      { url: '/api/admin/login', payload: { username: 'nobody', password: 'not-the-password' } },
      { url: '/api/ads/00000000-0000-4000-8000-000000000000/reveal', payload: undefined },
    ]
    for (const { url, payload } of answers) {
      const res = await platform.t.app.inject({ method: 'POST', url, ...(payload ? { payload } : {}) })
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400)
      expect(res.headers['cache-control'], url).toBe('no-store')
    }
  })

  it('allows our own origin and the listed ones, and refuses others', async () => {
    for (const origin of ['http://localhost:8080', 'https://partner.example']) {
      const res = await platform.t.app.inject({ method: 'GET', url: '/api/', headers: { origin } })
      expect(res.headers['access-control-allow-origin']).toBe(origin)
      expect(res.headers.vary).toContain('Origin')
    }
    const other = await platform.t.app.inject({
      method: 'GET',
      url: '/api/',
      headers: { origin: 'https://evil.example' },
    })
    expect(other.statusCode).toBe(200)
    expect(other.headers['access-control-allow-origin']).toBeUndefined()
  })

  it("answers a listed origin's preflight with the methods and the headers it asked for", async () => {
    const res = await platform.t.app.inject({
      method: 'OPTIONS',
      url: '/api/wallet/pay',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization, content-type',
      },
    })
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect(res.headers['access-control-allow-origin']).toBe('https://partner.example')
    expect(String(res.headers['access-control-allow-methods'])).toContain('POST')
    expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type')
    expect(res.headers['access-control-max-age']).toBe('600')
  })

  it("refuses another origin's preflight with a JSON 404", async () => {
    const res = await platform.t.app.inject({
      method: 'OPTIONS',
      url: '/api/wallet/pay',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(res.statusCode).toBe(404)
    expect(res.headers['access-control-allow-origin']).toBeUndefined()
    expect(res.json()).toHaveProperty('detail')
  })

  it('answers an OPTIONS request without Origin like a preflight, never with a plain-text error', async () => {
    const res = await platform.t.app.inject({ method: 'OPTIONS', url: '/api/wallet/pay' })
    expect(res.statusCode).toBeLessThan(400)
    expect(res.body).toBe('')
  })

  it('keeps Origin in Vary when an answer also varies by language', async () => {
    const res = await platform.t.app.inject({
      method: 'GET',
      url: '/api/wallet/',
      headers: { 'accept-language': 'fr-CA' },
    })
    expect(res.statusCode).toBe(401)
    expect(String(res.headers.vary)).toMatch(/Origin.*Accept-Language/)
  })
})

describe('OpenAPI', () => {
  it('serves a valid OpenAPI document at /api/docs/json', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/api/docs/json' })
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
    const res = await platform.t.app.inject({ method: 'GET', url: '/api/docs' })
    expect([200, 302]).toContain(res.statusCode)
  })
})

describe('the built PWA', () => {
  it('serves index.html for client routes, the listing shell for /ca/… and the pre-rendered home for /, all uncached', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/login?redirect=%2Fwallet' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/text\/html/)
    expect(res.headers['cache-control']).toBe('no-cache')
    expect(res.body).toBe(INDEX_HTML)
    const listing = await platform.t.app.inject({ method: 'GET', url: '/ca/on/adult-buy-sell?q=x' })
    expect(listing.statusCode).toBe(200)
    expect(listing.headers['content-type']).toMatch(/text\/html/)
    expect(listing.headers['cache-control']).toBe('no-cache')
    expect(listing.body).toBe(LISTING_HTML)
    const home = await platform.t.app.inject({ method: 'GET', url: '/' })
    expect(home.statusCode).toBe(200)
    expect(home.body).toBe(HOME_HTML)
    expect(home.headers['cache-control']).toBe('no-cache')
  })

  it('sends any other path home, and answers a missing file with 404, never the shell', async () => {
    for (const url of ['/foo', '/fr/ca/ON/adult-buy-sell', '/ca/ON/a/b/c', '/wallet/x']) {
      const res = await platform.t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(302)
      expect(res.headers.location, url).toBe('/')
    }
    // a French link stays French where it lands
    expect((await platform.t.app.inject({ method: 'GET', url: '/foo?lang=fr' })).headers.location).toBe(
      '/?lang=fr',
    )
    for (const url of ['/icons/nope.png', '/favicon.ico', '/nope.js']) {
      const res = await platform.t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(404)
      expect(res.json(), url).toEqual({ detail: 'Not found', code: 'request.not_found' })
    }
    // the app's own pages, params and all, still get the shell
    for (const url of ['/edit/abc123', '/pay/ch_1?type=post', '/reset-password?token=x']) {
      const res = await platform.t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.body, url).toBe(INDEX_HTML)
    }
  })

  it('never answers an API path with the shell', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/api/x' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not found', code: 'request.not_found' })
  })

  it('caches hashed assets for ever and the service worker and manifest not at all', async () => {
    const asset = await platform.t.app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(asset.statusCode).toBe(200)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    for (const url of ['/sw.js', '/manifest.webmanifest']) {
      const res = await platform.t.app.inject({ method: 'GET', url })
      expect(res.statusCode, url).toBe(200)
      expect(res.headers['cache-control'], url).toBe('no-cache')
    }
    expect((await platform.t.app.inject({ method: 'GET', url: '/robots.txt' })).body).toContain('User-agent')
  })

  it('sends the pre-compressed file to a browser that accepts it, with the same cache headers', async () => {
    const br = { 'accept-encoding': 'gzip, deflate, br' }
    const asset = await platform.t.app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: br })
    expect(asset.headers['content-encoding']).toBe('br')
    expect(asset.headers['content-type']).toMatch(/javascript/)
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotliDecompressSync(asset.rawPayload).toString()).toBe('console.log(1)')
    for (const [url, html] of [
      ['/', HOME_HTML],
      ['/ca/on/adult-buy-sell', LISTING_HTML],
      ['/wallet', INDEX_HTML],
    ] as const) {
      const page = await platform.t.app.inject({ method: 'GET', url, headers: br })
      expect(page.headers['content-encoding'], url).toBe('br')
      expect(page.headers['cache-control'], url).toBe('no-cache')
      expect(brotliDecompressSync(page.rawPayload).toString(), url).toBe(html)
    }
    const gz = await platform.t.app.inject({
      method: 'GET',
      url: '/',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await platform.t.app.inject({ method: 'GET', url: '/manifest.webmanifest', headers: br })
    expect(plain.headers['content-encoding']).toBeUndefined()
  })

  it("answers robots.txt with the server's own, naming the sitemap, even when the build holds one", async () => {
    const robots = await platform.t.app.inject({ method: 'GET', url: '/robots.txt' })
    expect(robots.statusCode).toBe(200)
    expect(robots.body).toContain('Sitemap: ')
    expect(robots.body).not.toBe('User-agent: *\nAllow: /\n')
  })

  it('serves the files the build held at start and nothing written beside them later', async () => {
    // each file has its own route, found at start, so an unknown path never reads the disk
    writeFileSync(join(platform.t.app.config.STATIC_DIR, 'assets', 'late-1.js'), 'console.log(2)')
    const late = await platform.t.app.inject({ method: 'GET', url: '/assets/late-1.js' })
    expect(late.statusCode).toBe(404)
    expect(late.json()).toEqual({ detail: 'Not found', code: 'request.not_found' })
    const head = await platform.t.app.inject({ method: 'HEAD', url: '/assets/index-abc123.js' })
    expect(head.statusCode).toBe(200)
  })

  it('answers a missing hashed asset with 404, not the shell', async () => {
    const res = await platform.t.app.inject({ method: 'GET', url: '/assets/gone-123.js' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not found', code: 'request.not_found' })
  })
})
