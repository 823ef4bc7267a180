// The server's 18+ gate (src/server/services/pages/adult-gate.ts, routes/adult-gate.ts): in every page
// sent to a visitor without the consent cookie, never to one with it; its form without JavaScript; the
// CSP allows its inline script and no other. The build's gate file here is a stand-in laid out as
// scripts/vite/adult-gate.ts writes it; the real one is exercised in the browser by
// tests/e2e/first-visit.spec.ts.
import { createHash } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADULT_GATE_SLOTS, type AdultGateBuild } from '#domain/adult-gate.ts'
import { AD_PAGE_SPECULATION_RULES, AD_PAGE_SPECULATION_RULES_TEXT } from '#domain/speculation-rules.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const SHELL = (name: string, root = '<div id="root"></div>') =>
  `<!doctype html><html lang="en"><head><title>Maple</title><meta name="description" content="d" /></head><body>${root}<!-- ${name} --></body></html>`

const gateMarkup = (words: string) =>
  `<div id="adult-gate" role="dialog"><p>${words}</p><form method="post" action="/adult-gate"><input type="hidden" name="return" value="${ADULT_GATE_SLOTS.returnTo}"/></form><a href="${ADULT_GATE_SLOTS.otherLanguage}">other</a></div>`

const GATE: AdultGateBuild = {
  markup: { en: gateMarkup('Adults only'), fr: gateMarkup('Réservé aux adultes') },
  script: 'document.getElementById("adult-gate")',
}
const SCRIPT_HASH = `'sha256-${createHash('sha256').update(GATE.script).digest('base64')}'`

let root = ''
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'maple-gate-'))
  mkdirSync(join(root, 'client'))
  mkdirSync(join(root, 'gate'))
  writeFileSync(join(root, 'client', 'index.html'), SHELL('index'))
  writeFileSync(join(root, 'client', 'listing.html'), SHELL('listing shell'))
  writeFileSync(join(root, 'client', 'ad.html'), SHELL('ad shell'))
  writeFileSync(
    join(root, 'client', 'home.html'),
    SHELL('home', '<div id="root"><main id="main"><h1>Home</h1></main></div>'),
  )
  writeFileSync(join(root, 'gate', 'adult-gate.json'), JSON.stringify(GATE))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ref = setupTestApp(() => ({ STATIC_DIR: join(root, 'client'), PUBLIC_URL: 'https://maple.example' }))
const get = (url: string, headers: Record<string, string> = {}) =>
  ref.t.app.inject({ method: 'GET', url, headers })
const CONFIRMED = { cookie: 'lang=en; adult_confirmed=1' }
// the gate's form as a browser sends it from one of our pages
const FORM = { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin' }

describe('the server’s 18+ gate', () => {
  it('is in the home, before the page, which is inert behind it; a visitor with the cookie never gets it', async () => {
    const first = await get('/')
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain(`<div id="adult-gate" role="dialog"><p>Adults only</p>`)
    expect(first.body).toMatch(
      /<\/div><script>document\.getElementById\("adult-gate"\)<\/script><div id="root" inert><main id="main">/,
    )
    expect(first.body).toContain('name="return" value="/"')
    expect(first.body).toContain('href="/?lang=fr"')
    expect(first.headers.vary).toContain('Cookie')

    const back = await get('/', CONFIRMED)
    expect(back.body).not.toContain('adult-gate')
    expect(back.body).toContain('<div id="root"><main id="main">')
  })

  it('speaks the page’s language and comes back to the page it is on, in the language the URL asked for', async () => {
    const home = await get('/?lang=fr')
    expect(home.body).toContain('Réservé aux adultes')
    expect(home.body).toContain('name="return" value="/?lang=fr"')
    expect(home.body).toContain('href="/?lang=en"')
    const shell = await get('/login?next=%2Fwallet', { 'accept-language': 'fr-CA' })
    expect(shell.body).toContain('Réservé aux adultes')
    expect(shell.body).toContain('name="return" value="/login?next=%2Fwallet"')
    expect(shell.body).toContain('href="/login?next=%2Fwallet&amp;lang=en"')
  })

  it('covers every app page and the listing shell, compressed like any page, and leaves them alone once confirmed', async () => {
    for (const path of [
      '/wallet',
      '/ca/ON/adult-buy-sell',
      '/ca/ON/adult-buy-sell/k3j9x0a1b2c3-red-corset',
    ]) {
      const gated = await ref.t.app.inject({
        method: 'GET',
        url: path,
        headers: { 'accept-encoding': 'gzip' },
      })
      expect(gated.statusCode, path).toBe(200)
      expect(gated.headers['content-encoding'], path).toBe('gzip')
      const { gunzipSync } = await import('node:zlib')
      const html = gunzipSync(gated.rawPayload).toString()
      expect(html, path).toContain('<div id="root" inert>')
      expect(html, path).toContain(`name="return" value="${path}"`)
      expect(gated.headers.vary, path).toContain('Cookie')
      const open = await get(path, CONFIRMED)
      expect(open.body, path).not.toContain('adult-gate')
      expect(open.body, path).toContain('<div id="root"></div>')
    }
  })

  it('lets its inline script run, by hash, and no other inline script (speculation rules are JSON, not script)', async () => {
    const csp = String((await get('/')).headers['content-security-policy'])
    // the prefetch rules the gate's script writes once passed, by their hash too: Chromium refused
    // them under 'inline-speculation-rules' alone
    const rulesHash = `'sha256-${createHash('sha256').update(AD_PAGE_SPECULATION_RULES_TEXT).digest('base64')}'`
    expect(csp).toContain(`script-src 'self' 'inline-speculation-rules' ${rulesHash} ${SCRIPT_HASH};`)
    expect(csp).not.toContain("unsafe-inline';script")
  })

  it("names the first cards' speculation rules only to a visitor past the gate: a page fetched before the cookie would be void", async () => {
    expect((await get('/')).headers['speculation-rules']).toBeUndefined()
    expect((await get('/', CONFIRMED)).headers['speculation-rules']).toBe('"/speculation-rules.json"')
    const rules = await get('/speculation-rules.json')
    expect(rules.statusCode).toBe(200)
    expect(rules.headers['content-type']).toMatch(/^application\/speculationrules\+json(;|$)/)
    expect(rules.json()).toEqual(AD_PAGE_SPECULATION_RULES)
  })

  it('without JavaScript: the form sets a long-lived cookie and comes back to the page (303)', async () => {
    const answer = await ref.t.app.inject({
      method: 'POST',
      url: '/adult-gate',
      headers: FORM,
      payload: 'return=%2Fca%2FON%2Fadult-buy-sell%3Fq%3Dlace%26page%3D2',
    })
    expect(answer.statusCode).toBe(303)
    expect(answer.headers.location).toBe('/ca/ON/adult-buy-sell?q=lace&page=2')
    const cookie = String(answer.headers['set-cookie'])
    expect(cookie).toMatch(/^adult_confirmed=1; Path=\/; Max-Age=31536000; SameSite=Lax; Secure$/)
  })

  it('comes back only to a page of this site: another origin, a scheme or garbage goes home', async () => {
    for (const back of [
      '//evil.example/x',
      '/.//evil.example/x',
      '/a/..//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
    ]) {
      const answer = await ref.t.app.inject({
        method: 'POST',
        url: '/adult-gate',
        headers: FORM,
        payload: `return=${encodeURIComponent(back)}`,
      })
      expect(answer.statusCode, back).toBe(303)
      expect(answer.headers.location, back).toBe('/')
    }
  })

  it("refuses the form from another site's page, or from a page that does not say where it is", async () => {
    for (const headers of [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://evil.example' },
      {},
    ]) {
      const answer = await ref.t.app.inject({
        method: 'POST',
        url: '/adult-gate',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        payload: 'return=%2F',
      })
      expect(answer.statusCode, JSON.stringify(headers)).toBe(403)
      expect(answer.json().code).toBe('page.cross_site_form')
      expect(answer.headers['set-cookie']).toBeUndefined()
    }
  })

  it('refuses a form that is too long with a 4xx { detail }, never a 500', async () => {
    const answer = await ref.t.app.inject({
      method: 'POST',
      url: '/adult-gate',
      headers: FORM,
      payload: `return=/${'a'.repeat(20_000)}`,
    })
    expect(answer.statusCode).toBeGreaterThanOrEqual(400)
    expect(answer.statusCode).toBeLessThan(500)
    expect(answer.json()).toHaveProperty('detail')
  })
})
