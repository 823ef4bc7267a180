// `/`: the home pre-rendered at build time (scripts/vite/prerender-home.ts) with the router's scripts
// after its markup, which the app adopts as it adopts a rendered listing (src/client/app.tsx). The
// server allows exactly those scripts by their hash (src/server/routes/pages.ts), in each language.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { scriptHashSource } from '#server/services/pages/page-html.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const ROUTER_SCRIPT = {
  en: 'window.$_TSR={router:{matches:[],lang:"en"}}',
  fr: 'window.$_TSR={router:{matches:[],lang:"fr"}}',
}
const home = (lang: 'en' | 'fr') =>
  `<!doctype html><html lang="${lang}"><head><title>Maple</title><meta name="description" content="d" />` +
  `<script type="module" src="/assets/index.js"></script></head><body><div id="root"><main id="main">` +
  `<h1>Home</h1></main></div><script>${ROUTER_SCRIPT[lang]}</script></body></html>`

let root = ''
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'maple-home-'))
  writeFileSync(
    join(root, 'index.html'),
    '<!doctype html><html><head></head><body><div id="root"></div></body></html>',
  )
  writeFileSync(join(root, 'home.html'), home('en'))
  writeFileSync(join(root, 'home.fr.html'), home('fr'))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ref = setupTestApp(() => ({ STATIC_DIR: root, PUBLIC_URL: 'https://maple.example' }))

describe('the pre-rendered home', () => {
  it("allows its router's scripts by their hash, in the visitor's language, and no other inline script", async () => {
    for (const [lang, cookie] of [
      ['en', 'language=en; adult_confirmed=1'],
      ['fr', 'language=fr; adult_confirmed=1'],
    ] as const) {
      const answer = await ref.t.app.inject({ method: 'GET', url: '/', headers: { cookie } })
      expect(answer.statusCode).toBe(200)
      expect(answer.body).toContain(ROUTER_SCRIPT[lang])
      const scriptSrc =
        /script-src ([^;]*)/.exec(String(answer.headers['content-security-policy']))?.[1] ?? ''
      expect(scriptSrc).toContain(scriptHashSource(ROUTER_SCRIPT[lang]))
      expect(scriptSrc).not.toContain(scriptHashSource(ROUTER_SCRIPT[lang === 'en' ? 'fr' : 'en']))
      // the module script has a src: no hash of an empty body
      expect(scriptSrc).not.toContain(scriptHashSource(''))
    }
  })
})
