import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createAd, liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, setupTestApp, type TestApp } from '#tests/support/api-app.ts'
import { listen } from '#tests/support/listening-app.ts'
import { pay } from '#tests/support/wallet.ts'

// Whole answers to public GETs given again before Fastify (http/answer-cache.ts, decision 020),
// over real sockets: app.inject never passes through the HTTP server the cache sits in.

const reached: string[] = []
const api = setupTestApp(
  {},
  {
    setup: (app) => {
      app.addHook('onRequest', (request, _reply, done) => {
        reached.push(`${request.method} ${request.url}`)
        done()
      })
    },
  },
)
let base = ''
beforeAll(async () => {
  base = await listen(api.t)
})

const CITIES = '/api/meta/cities?province=ON&q=to'

/** Fetches a path; `reachedFastify` says whether the request went past the cache. */
async function get(path: string, headers: Record<string, string> = {}, method = 'GET') {
  const before = reached.length
  const res = await fetch(`${base}${path}`, { method, headers })
  const body = await res.text()
  const answerHeaders = Object.fromEntries(res.headers)
  delete answerHeaders.date
  return { status: res.status, headers: answerHeaders, body, reachedFastify: reached.length > before }
}

describe('the answer cache', () => {
  it('gives a repeated public GET the very answer Fastify gave, headers and bytes, without entering Fastify', async () => {
    const first = await get(CITIES)
    expect(first.status).toBe(200)
    expect(first.reachedFastify).toBe(true)
    const again = await get(CITIES)
    expect(again.reachedFastify).toBe(false)
    expect(again.status).toBe(200)
    expect(again.body).toBe(first.body)
    expect(again.headers).toEqual(first.headers)
    expect(again.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'")
    expect(again.headers['cache-control']).toBe('public, max-age=3600')
    // HEAD and other URLs are Fastify's
    expect((await get(CITIES, {}, 'HEAD')).reachedFastify).toBe(true)
    expect((await get('/api/meta/cities?province=ON&q=tor')).reachedFastify).toBe(true)
  })

  it('keeps an answer per Origin: a listed origin gets its CORS header, another never does', async () => {
    const url = '/api/meta/cities?province=QC&q=mont'
    const plain = await get(url)
    const own = { origin: new URL(api.t.config.PUBLIC_URL).origin }
    const listed = await get(url, own)
    expect(listed.reachedFastify).toBe(true)
    expect(listed.headers['access-control-allow-origin']).toBe(own.origin)
    const listedAgain = await get(url, own)
    expect(listedAgain.reachedFastify).toBe(false)
    expect(listedAgain.headers['access-control-allow-origin']).toBe(own.origin)
    const evil = { origin: 'https://evil.example' }
    await get(url, evil)
    const evilAgain = await get(url, evil)
    expect(evilAgain.reachedFastify).toBe(false)
    expect(evilAgain.headers['access-control-allow-origin']).toBeUndefined()
    const plainAgain = await get(url)
    expect(plainAgain.headers['access-control-allow-origin']).toBeUndefined()
    expect(plainAgain.body).toBe(plain.body)
  })

  it('never keeps an error', async () => {
    const url = '/api/meta/cities?province=XX'
    expect((await get(url)).status).toBe(400)
    const again = await get(url)
    expect(again.status).toBe(400)
    expect(again.reachedFastify).toBe(true)
  })

  it('drops a listing answer as soon as an ad changes, so a new ad shows on the next request', async () => {
    const url = '/api/ads?province=ON&category=adult-buy-sell'
    const owner = await member(api.t)
    await liveAd(api.t, owner, { title: 'First corset', province: 'ON', category: 'adult-buy-sell' })
    const first = await get(url)
    expect(first.body).toContain('First corset')
    const again = await get(url)
    // only the embedded database caches listings (015): on PostgreSQL other processes write ads
    expect(again.reachedFastify).toBe(api.t.kind !== 'pglite')
    expect(again.body).toBe(first.body)

    await liveAd(api.t, owner, { title: 'Second corset', province: 'ON', category: 'adult-buy-sell' })
    const after = await get(url)
    expect(after.reachedFastify).toBe(true)
    expect(after.body).toContain('Second corset')
  })
})

describe('the answer cache and a signed-in wallet', () => {
  const balance = (body: string) => (JSON.parse(body) as { balance_cad: number }).balance_cad
  // only the embedded database caches sessions and wallets (015)
  const cachedHere = () => api.t.kind === 'pglite'

  it('gives a wallet again to the same token only, and no longer once the wallet changes or the session ends', async () => {
    const m = await member(api.t, { cents: 500 })
    const other = await member(api.t, { cents: 300 })
    const first = await get('/api/wallet/', m.auth)
    expect(first.reachedFastify).toBe(true)
    expect(balance(first.body)).toBe(5)
    const again = await get('/api/wallet/', m.auth)
    expect(again.reachedFastify).toBe(!cachedHere())
    expect(again.body).toBe(first.body)
    expect(again.headers['cache-control']).toBe(first.headers['cache-control'])

    const theirs = await get('/api/wallet/', other.auth)
    expect(theirs.reachedFastify).toBe(true)
    expect(balance(theirs.body)).toBe(3)
    const anonymous = await get('/api/wallet/')
    expect(anonymous.status).toBe(401)

    const paid = await pay(api.t, m, { type: 'post', listingId: await createAd(api.t, m) })
    expect(paid.statusCode).toBe(200)
    const afterPaying = await get('/api/wallet/', m.auth)
    expect(afterPaying.reachedFastify).toBe(true)
    expect(balance(afterPaying.body)).toBe(3)
    await get('/api/wallet/', m.auth)

    const out = await fetch(`${base}/api/auth/logout`, { method: 'POST', headers: m.auth })
    expect(out.status).toBe(204)
    const afterSignOut = await get('/api/wallet/', m.auth)
    expect(afterSignOut.reachedFastify).toBe(true)
    expect(afterSignOut.status).toBe(401)
  })
})

describe('the answer cache at the info log level', () => {
  const lines: string[] = []
  let t: TestApp
  let infoBase = ''
  beforeAll(async () => {
    t = await createTestApp({ LOG_LEVEL: 'info' }, { logStream: { write: (line) => lines.push(line) } })
    infoBase = await listen(t)
  })
  afterAll(() => t.close())

  it('writes a line for every answer it gives, so the request log stays complete', async () => {
    const url = `${infoBase}/api/meta/cities?province=ON&q=ott`
    await fetch(url).then((res) => res.text())
    await fetch(url).then((res) => res.text())
    const given = lines
      .map((line) => JSON.parse(line) as { msg?: string; url?: string; statusCode?: number })
      .filter((line) => line.msg === 'answered from the answer cache')
    expect(given).toEqual([
      expect.objectContaining({ url: '/api/meta/cities?province=ON&q=ott', statusCode: 200 }),
    ])
  })
})
