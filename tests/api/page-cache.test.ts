// Rendered pages kept like the API's answers (src/server/routes/pages.ts, services/pages/page-cache.ts,
// docs/decisions/030-page-cache-and-render.md): a repeat is the kept copy, an ad change voids it, each
// language and each variant of the 18+ gate is its own copy, a page past its minute is given while it
// is rendered again, and a crawler never gets the empty shell
// because a render was slow. The render bundle is a stand-in that numbers its renders and shows what it
// read from the API, laid out as scripts/build.mjs lays out the real one.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { ADULT_GATE_SLOTS, type AdultGateBuild } from '#domain/adult-gate.ts'
import { KEPT_PAGE_MAX_AGE_MS } from '#domain/pages.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { cachesSetup, setupTestApp } from '#tests/support/api-app.ts'
import { listen } from '#tests/support/listening-app.ts'

const SHELL = (name: string) =>
  `<!doctype html><html lang="en"><head><title>Maple</title><meta name="description" content="d" /></head><body><div id="root"></div><!-- ${name} --></body></html>`

const STAND_IN = `
let fetchImpl
let renders = 0
export function setup(options) { fetchImpl = options.fetch }
export async function renderPage(url, language) {
  const path = url.split('?')[0]
  const n = ++renders
  if (path.includes('/slow')) await new Promise((resolve) => setTimeout(resolve, 3500))
  const list = await (await fetchImpl('/api/ads?province=ALL', { headers: {} })).json()
  return {
    html: '<main>' + language + ' render ' + n + ' ads ' + list.total + '</main>',
    preloads: '',
    head: { title: 'Listing', description: 'Ads', canonicalPath: path },
    documentTitle: 'T',
    scripts: '',
    redirect: null,
    staleAt: path.includes('/expiring') ? Date.now() + 50 : null,
  }
}
`

const gateMarkup = (words: string) =>
  `<div id="adult-gate"><p>${words}</p><form method="post" action="/adult-gate"><input type="hidden" name="return" value="${ADULT_GATE_SLOTS.returnTo}"/></form><a href="${ADULT_GATE_SLOTS.otherLanguage}">other</a></div>`
const GATE: AdultGateBuild = {
  markup: { en: gateMarkup('Adults only'), fr: gateMarkup('Réservé aux adultes') },
  script: 'void 0',
}

let root = ''
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'maple-page-cache-'))
  for (const dir of ['client', 'server', 'gate']) mkdirSync(join(root, dir))
  writeFileSync(join(root, 'client', 'index.html'), SHELL('index'))
  writeFileSync(join(root, 'client', 'listing.html'), SHELL('listing shell'))
  writeFileSync(join(root, 'client', 'ad.html'), SHELL('ad shell'))
  writeFileSync(join(root, 'server', 'entry-server.js'), STAND_IN)
  writeFileSync(join(root, 'gate', 'adult-gate.json'), JSON.stringify(GATE))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const { cachesOn, cachesConfig } = await cachesSetup()

const ref = setupTestApp(() => ({
  STATIC_DIR: join(root, 'client'),
  PUBLIC_URL: 'https://maple.example',
  ...cachesConfig,
}))

beforeAll(async () => {
  await vi.waitUntil(() => ref.t.app.cachesLive?.() !== false, { timeout: 5_000 })
})
const CONFIRMED = 'adult_confirmed=1'
const get = (url: string, headers: Record<string, string> = { cookie: CONFIRMED }) =>
  ref.t.app.inject({ method: 'GET', url, headers })
const rendered = (body: string) => /<main>(\w+) render (\d+) ads (\d+)<\/main>/.exec(body)?.slice(1) ?? []

describe.runIf(cachesOn)('rendered pages kept like API answers', () => {
  it('gives a repeat the kept copy, however its query is spelled, and each encoding its own bytes', async () => {
    const first = await get('/ca/ON/adult-buy-sell?city=Toronto&page=2')
    const again = await get('/ca/ON/adult-buy-sell?page=2&city=Toronto')
    expect(first.statusCode).toBe(200)
    expect(rendered(again.body)).toEqual(rendered(first.body))
    const brotli = await get('/ca/ON/adult-buy-sell?city=Toronto&page=2', {
      cookie: CONFIRMED,
      'accept-encoding': 'br',
    })
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers.vary).toContain('Accept-Encoding')
  })

  it('keeps one page for every query that adds parameters the page does not read (utm_…)', async () => {
    const first = rendered((await get('/ca/MB/adult-buy-sell?page=2')).body)
    for (const junk of ['utm_1=1', 'utm_source=x&utm_medium=y', 'fbclid=abc', 'x123=1']) {
      const again = await get(`/ca/MB/adult-buy-sell?${junk}&page=2`)
      expect(again.statusCode, junk).toBe(200)
      expect(rendered(again.body), junk).toEqual(first)
    }
    // a parameter the listing reads is another page
    const city = rendered((await get('/ca/MB/adult-buy-sell?page=2&city=Winnipeg')).body)
    expect(city[1]).not.toBe(first[1])
    // an ad page reads none but its language
    const ad = rendered((await get('/ca/MB/adult-buy-sell/abc123def456?utm_1=1')).body)
    expect(rendered((await get('/ca/MB/adult-buy-sell/abc123def456?utm_2=2')).body)).toEqual(ad)
  })

  it('renders again once an ad changes, and shows the change', async () => {
    const before = rendered((await get('/ca/QC/adult-buy-sell')).body)
    expect(rendered((await get('/ca/QC/adult-buy-sell')).body)).toEqual(before)
    await liveAd(ref.t, await member(ref.t, { cents: 10_000 }))
    const after = rendered((await get('/ca/QC/adult-buy-sell')).body)
    expect(after[1]).not.toBe(before[1])
    expect(Number(after[2])).toBe(Number(before[2]) + 1)
  })

  it('keeps one copy per language, each in its own', async () => {
    const en = await get('/ca/BC/adult-buy-sell')
    const fr = await get('/ca/BC/adult-buy-sell?lang=fr')
    const frCookie = await get('/ca/BC/adult-buy-sell', { cookie: `lang=fr; ${CONFIRMED}` })
    expect(rendered(en.body)[0]).toBe('en')
    expect(rendered(fr.body)[0]).toBe('fr')
    expect(en.body).toContain('<html lang="en-CA"')
    expect(fr.body).toContain('<html lang="fr-CA"')
    // the French render is one, whether the URL or the cookie asked for it
    expect(rendered(frCookie.body)).toEqual(rendered(fr.body))
  })

  it('never gives the gated copy to a visitor who confirmed, nor the open one to one who did not', async () => {
    const gated = await get('/ca/AB/adult-buy-sell', {})
    const open = await get('/ca/AB/adult-buy-sell')
    const gatedAgain = await get('/ca/AB/adult-buy-sell', {})
    expect(gated.body).toContain('Adults only')
    expect(gated.body).toContain('name="return" value="/ca/AB/adult-buy-sell"')
    expect(open.body).not.toContain('adult-gate')
    expect(gatedAgain.body).toContain('Adults only')
    // one render behind both variants
    expect(rendered(open.body)).toEqual(rendered(gated.body))
    const gatedFrench = await get('/ca/AB/adult-buy-sell?lang=fr', {})
    expect(gatedFrench.body).toContain('Réservé aux adultes')
    expect(gatedFrench.body).toContain('name="return" value="/ca/AB/adult-buy-sell?lang=fr"')
  })

  it('gives a signed-in visitor the page a signed-out one gets: the render reads no session', async () => {
    const out = await get('/ca/MB/adult-buy-sell')
    const signedIn = await get('/ca/MB/adult-buy-sell', {
      cookie: `${CONFIRMED}; session=abc`,
      authorization: 'Bearer abc',
    })
    expect(rendered(signedIn.body)).toEqual(rendered(out.body))
  })

  it('keeps a page no longer than the earliest expiry of the ads it shows', async () => {
    const first = rendered((await get('/ca/ON/expiring')).body)
    await new Promise((resolve) => setTimeout(resolve, 80))
    const later = rendered((await get('/ca/ON/expiring')).body)
    expect(later[1]).not.toBe(first[1])
  })

  it('gives a page past its minute at once and renders it again behind that answer', async () => {
    const first = rendered((await get('/ca/YT/adult-buy-sell')).body)
    // only the clock moves: the page cache reads Date.now() (services/pages/page-cache.ts)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + KEPT_PAGE_MAX_AGE_MS + 1_000)
      expect(rendered((await get('/ca/YT/adult-buy-sell')).body)).toEqual(first)
      let next: string[] = first
      await vi.waitUntil(async () => {
        next = rendered((await get('/ca/YT/adult-buy-sell')).body)
        return next[1] !== first[1]
      })
      expect(Number(next[1])).toBeGreaterThan(Number(first[1]))
    } finally {
      vi.useRealTimers()
    }
  })

  it('makes a burst of requests for a new page cost one render', async () => {
    const answers = await Promise.all(Array.from({ length: 8 }, () => get('/ca/NS/adult-buy-sell')))
    expect(new Set(answers.map((a) => rendered(a.body)[1])).size).toBe(1)
  })

  it('lets a crawler wait for a slow render where a browser gets the shell', async () => {
    const [browser, crawler] = await Promise.all([
      get('/ca/ON/slow', { cookie: CONFIRMED, 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130' }),
      get('/ca/ON/slow?lang=fr', {
        cookie: CONFIRMED,
        'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
      }),
    ])
    expect(browser.body).toContain('<!-- listing shell -->')
    expect(rendered(browser.body)).toEqual([])
    expect(crawler.statusCode).toBe(200)
    expect(rendered(crawler.body)[0]).toBe('fr')
  })

  it('answers a repeat over HTTP before Fastify while the page is kept, per language asked, and not after an ad change', async () => {
    const base = await listen(ref.t)
    const route = '/ca/:province/:category'
    const hits = () => ref.t.app.answerCache.hitsByRoute().get(route) ?? 0
    const ask = async (languages: string) => {
      const res = await fetch(`${base}/ca/PE/adult-buy-sell`, {
        headers: { cookie: CONFIRMED, 'accept-encoding': 'gzip', 'accept-language': languages },
      })
      return rendered(await res.text())
    }
    const first = await ask('en-CA')
    const before = hits()
    expect(await ask('en-CA')).toEqual(first)
    expect(hits()).toBe(before + 1)
    // a French browser with no cookie: its own copy, never the English one kept for the same URL
    expect((await ask('fr-CA,fr'))[0]).toBe('fr')
    await liveAd(ref.t, await member(ref.t, { cents: 10_000 }))
    const after = await ask('en-CA')
    expect(Number(after[2])).toBe(Number(first[2]) + 1)
  })
})
