// The real server render (src/client/entry-server.tsx) through TanStack Router's own request handler:
// the page carries the router's `$_TSR` scripts (its matches and the query cache) after #root, allowed
// by the page's CSP by their hashes and safe from any ad text; a URL the routes send elsewhere is a
// redirect; and the render still says when its ads expire (the page cache's `staleAt`).
// docs/decisions/030-page-cache-and-render.md
import { createHash } from 'node:crypto'
import { rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { adPath } from '#domain/ad-path.ts'
import { AD_PAGE_SPECULATION_RULES_TEXT } from '#domain/speculation-rules.ts'
import { loadPageRenderer } from '#server/services/pages/page-renderer.ts'
import { adBody, adRow, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { buildRenderBundle } from '#tests/support/render-bundle.ts'

let root = ''
beforeAll(() => {
  root = buildRenderBundle('maple-page-render-')
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ref = setupTestApp(() => ({ STATIC_DIR: join(root, 'client'), PUBLIC_URL: 'https://maple.example' }))
const get = (url: string) =>
  ref.t.app.inject({ method: 'GET', url, headers: { cookie: 'adult_confirmed=1' } })

/** What follows #root: the router's scripts. */
function scriptsOf(body: string): string {
  return /<\/div>((?:<script>[\s\S]*?<\/script>)+)<!-- /.exec(body)?.[1] ?? ''
}

const TITLE = 'Corset </script><script>alert(1)</script>'

describe('a page rendered through the router', () => {
  it("carries the router's scripts with the page's data, each allowed by its hash and no other", async () => {
    const owner = await member(ref.t, { cents: 10_000 })
    const id = await liveAd(ref.t, owner, adBody({ title: TITLE, province: 'ON' }))
    const answer = await get(adPath({ id, title: TITLE, province: 'ON', category: 'adult-buy-sell' }))
    expect(answer.statusCode).toBe(200)
    const scripts = scriptsOf(answer.body)
    expect(scripts).toContain('$_TSR')
    // the ad's data travels with the page, its text escaped: nothing in it closes the script
    expect(scripts).toContain(id)
    expect(scripts).not.toContain('alert(1)</script>')
    expect(answer.body).not.toContain('<script>alert(1)')
    const bodies = [...scripts.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(([, body]) => body ?? '')
    const policy = String(answer.headers['content-security-policy'])
    for (const body of bodies) {
      expect(policy).toContain(`'sha256-${createHash('sha256').update(body).digest('base64')}'`)
    }
    // and the first cards' speculation rules the 18+ gate's script writes (src/domain/speculation-rules.ts)
    const rules = `'sha256-${createHash('sha256').update(AD_PAGE_SPECULATION_RULES_TEXT).digest('base64')}'`
    expect(policy).toContain(rules)
    expect(policy.match(/'sha256-/g)).toHaveLength(bodies.length + 1)
  })

  it('redirects a URL the routes send elsewhere, keeping the language asked for', async () => {
    const cases = [
      ['/ca/ON/adult-buy-sell?page=1', '/ca/ON/adult-buy-sell'],
      ['/ca/ON/adult-buy-sell?page=1&lang=fr', '/ca/ON/adult-buy-sell?lang=fr'],
      ['/ca/XX/adult-buy-sell', '/'],
      ['/ca/ON', '/ca/ON/adult-buy-sell'],
    ] as const
    for (const [asked, target] of cases) {
      const answer = await get(asked)
      expect(answer.statusCode, asked).toBe(302)
      expect(answer.headers.location, asked).toBe(target)
    }
  })

  it('says when the page stops being true: the earliest expiry among its ads', async () => {
    const owner = await member(ref.t, { cents: 10_000 })
    const id = await liveAd(ref.t, owner, adBody({ title: 'Lace set in black', province: 'QC' }))
    const row = await adRow(ref.t, id)
    const renderer = await loadPageRenderer(ref.t.app, join(root, 'client'))
    const page = await renderer?.renderPage(
      adPath({ id, title: 'Lace set in black', province: 'QC', category: 'adult-buy-sell' }),
      'en',
    )
    expect(page?.redirect).toBeNull()
    expect(page?.staleAt).toBe(row?.expiresAt?.getTime())
  })
})
