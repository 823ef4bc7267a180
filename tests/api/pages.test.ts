// The server's side of server-rendered pages (src/server/routes/pages.ts): which language it asks
// for, the status and headers it answers with, the redirect to an ad's one URL, and the shell when a
// render fails or hangs. The render bundle here is a stand-in module written beside a fake build, as
// scripts/build.mjs lays them out (dist/client + dist/server); the real bundle is exercised in the
// browser by tests/e2e/ad-page.spec.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { brotliDecompressSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { setupTestApp } from '#tests/support/api-app.ts'

const SHELL = (name: string) =>
  `<!doctype html><html lang="en"><head><title>Maple</title><meta name="description" content="d" /></head><body><div id="root"></div><!-- ${name} --></body></html>`

// What each path renders to, in the stand-in: the real one runs the app's routes.
const STAND_IN = `
let fetchImpl
export function setup(options) { fetchImpl = options.fetch }
export async function renderPage(url, language) {
  const path = url.split('?')[0]
  if (path.includes('/throws')) throw new Error('render failed')
  if (path.includes('/hangs')) return new Promise(() => {})
  if (path.startsWith('/ca/XX')) return { html: '', preloads: '', head: null, documentTitle: '', scripts: '', redirect: '/' }
  const api = await fetchImpl('/api/', { headers: {} })
  const health = await api.json()
  const gone = path.includes('zzzzzzzzzzzz')
  const ad = path.split('/').length === 5
  return {
    html: '<main>' + language + ' ' + health.status + '</main>',
    preloads: '<link rel="preload" as="image" href="/stock/a.svg"/>',
    head: gone
      ? { title: 'Gone', description: 'gone', canonicalPath: '/', status: 404, noindex: true }
      : ad
        ? { title: 'Red corset', description: 'A corset', canonicalPath: '/ca/QC/adult-buy-sell/k3j9x0a1b2c3-red-corset', kind: 'article' }
        : { title: 'Listing', description: 'Ads', canonicalPath: path },
    documentTitle: 'T',
    scripts: '<script>self.$_TSR={}</script>',
    redirect: null,
  }
}
`

let root = ''
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'maple-pages-'))
  mkdirSync(join(root, 'client'))
  mkdirSync(join(root, 'server'))
  writeFileSync(join(root, 'client', 'index.html'), SHELL('index'))
  writeFileSync(join(root, 'client', 'listing.html'), SHELL('listing shell'))
  writeFileSync(join(root, 'client', 'ad.html'), SHELL('ad shell'))
  writeFileSync(join(root, 'server', 'entry-server.js'), STAND_IN)
  // as scripts/vite/prerender-home.ts writes them
  for (const [file, lang, words] of [
    ['home.html', 'en-CA', 'Browse by province'],
    ['home.fr.html', 'fr-CA', 'Parcourir par province'],
  ] as const) {
    writeFileSync(
      join(root, 'client', file),
      `<!doctype html><html lang="${lang}"><head><title>Maple &amp; co</title><meta name="description" content="${words}" /></head><body><div id="root"><div inert><h1>${words}</h1></div></div></body></html>`,
    )
  }
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ref = setupTestApp(() => ({ STATIC_DIR: join(root, 'client'), PUBLIC_URL: 'https://maple.example' }))
const get = (url: string, headers: Record<string, string> = {}) =>
  ref.t.app.inject({ method: 'GET', url, headers })

describe('server-rendered pages', () => {
  it('renders a listing into its shell, with data from the API in the same process', async () => {
    const answer = await get('/ca/ON/adult-buy-sell')
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toContain('text/html')
    expect(answer.headers['cache-control']).toBe('no-cache')
    // the first cards' pages rendered and fetched ahead of a tap (src/domain/speculation-rules.ts)
    expect(answer.headers['speculation-rules']).toBe('"/speculation-rules.json"')
    expect(answer.body).toContain('<div id="root"><main>en ok</main></div>')
    expect(answer.body).toContain('<!-- listing shell -->')
    expect(answer.body).toContain(
      '<link rel="canonical" href="https://maple.example/ca/ON/adult-buy-sell" />',
    )
    expect(answer.body).toContain('<div id="root"><main>en ok</main></div><script>self.$_TSR={}</script>')
    // the router's inline script runs under the page's CSP by its hash, as the 18+ gate's does
    expect(answer.headers['content-security-policy']).toMatch(/script-src 'self'[^;]* 'sha256-[^']+'/)
  })

  it('renders in French for ?lang=fr, then the lang cookie, then Accept-Language', async () => {
    expect((await get('/ca/ON/adult-buy-sell?lang=fr')).body).toContain('<main>fr ok</main>')
    expect((await get('/ca/ON/adult-buy-sell', { cookie: 'a=1; lang=fr' })).body).toContain(
      '<main>fr ok</main>',
    )
    // the cookie the app's EN/FR switch writes
    expect((await get('/ca/ON/adult-buy-sell', { cookie: 'language=fr' })).body).toContain(
      '<main>fr ok</main>',
    )
    expect((await get('/ca/ON/adult-buy-sell', { 'accept-language': 'fr-CA,fr;q=0.9' })).body).toContain(
      '<html lang="fr-CA"',
    )
    expect((await get('/ca/ON/adult-buy-sell?lang=en', { cookie: 'lang=fr' })).body).toContain(
      '<main>en ok</main>',
    )
    expect((await get('/ca/ON/adult-buy-sell?lang=xx')).body).toContain('<main>en ok</main>')
  })

  it("moves an ad's stale or lower-case URL to its one URL for good, keeping the language", async () => {
    const stale = await get('/ca/qc/adult-buy-sell/k3j9x0a1b2c3-old-title?lang=fr')
    expect(stale.statusCode).toBe(301)
    expect(stale.headers.location).toBe('/ca/QC/adult-buy-sell/k3j9x0a1b2c3-red-corset?lang=fr')
    expect((await get('/ca/QC/adult-buy-sell/k3j9x0a1b2c3-red-corset')).statusCode).toBe(200)
  })

  it('answers a gone ad with 404 and noindex, in the page and the header', async () => {
    const gone = await get('/ca/ON/adult-buy-sell/zzzzzzzzzzzz-sold')
    expect(gone.statusCode).toBe(404)
    expect(gone.headers['x-robots-tag']).toBe('noindex')
    expect(gone.body).toContain('<meta name="robots" content="noindex" />')
  })

  it("follows the route's redirect (an unknown province goes home)", async () => {
    const answer = await get('/ca/XX/adult-buy-sell')
    expect(answer.statusCode).toBe(302)
    expect(answer.headers.location).toBe('/')
    // a French link stays French where it lands
    expect((await get('/ca/XX/adult-buy-sell?lang=fr')).headers.location).toBe('/?lang=fr')
  })

  it('sends the shell when a render fails or does not answer, never a 5xx', async () => {
    const failed = await get('/ca/ON/throws')
    expect(failed.statusCode).toBe(200)
    expect(failed.body).toContain('<!-- listing shell -->')
    expect(failed.body).toContain('<div id="root"></div>')
    const hung = await get('/ca/ON/adult-buy-sell/hangs')
    expect(hung.statusCode).toBe(200)
    expect(hung.body).toContain('<!-- ad shell -->')
  }, 10_000)

  it('compresses the page for browsers that accept it', async () => {
    const answer = await ref.t.app.inject({
      method: 'GET',
      url: '/ca/ON/adult-buy-sell',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    })
    expect(answer.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(answer.rawPayload).toString()).toContain('<main>en ok</main>')
    expect(answer.headers.vary).toContain('Accept-Language')
  })

  it("sends the pre-rendered home in the visitor's language, with both URLs", async () => {
    const english = await get('/')
    expect(english.statusCode).toBe(200)
    expect(english.body).toContain('<h1>Browse by province</h1>')
    expect(english.body).toContain('<link rel="canonical" href="https://maple.example/" />')
    expect(english.body).toContain(
      '<link rel="alternate" hreflang="fr-CA" href="https://maple.example/?lang=fr" />',
    )
    expect(english.body).toContain('<meta property="og:title" content="Maple &amp; co" />')
    const french = await get('/?lang=fr')
    expect(french.body).toContain('<h1>Parcourir par province</h1>')
    expect(french.body).toContain('<link rel="canonical" href="https://maple.example/?lang=fr" />')
    expect((await get('/', { 'accept-language': 'fr' })).body).toContain('Parcourir par province')
  })

  it('keeps private pages out of search engines', async () => {
    expect((await get('/wallet')).headers['x-robots-tag']).toBe('noindex')
    expect((await get('/privacy')).headers['x-robots-tag']).toBeUndefined()
  })
})
