import { describe, expect, it } from 'vitest'
import { adPath } from '#domain/ad-path.ts'
import { ReportPaths } from '#domain/api/reports.ts'
import { CATEGORY_KEYS } from '#domain/categories.ts'
import { PROVINCE_CODES } from '#domain/provinces.ts'
import { createAd, expire, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

// What search engines read at the site root: the crawling rules and the sitemap of public pages.

// a trailing slash, as an operator may well write it: no URL may come out with '//'
const PUBLIC_URL = 'https://maple.example/'
const ORIGIN = 'https://maple.example'
const api = setupTestApp({ PUBLIC_URL })

const get = (url: string) => api.t.app.inject({ method: 'GET', url })

/** The <loc> of every <url> in the sitemap, in document order. */
function locs(xml: string): string[] {
  return [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1] ?? '')
}

describe('GET /robots.txt', () => {
  it('lets crawlers in, keeps them out of the private screens and names the sitemap', async () => {
    const res = await get('/robots.txt')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/plain/)
    expect(res.headers['cache-control']).toBe('public, max-age=3600')
    const lines = res.body.split('\n')
    expect(lines).toContain('User-agent: *')
    expect(lines).toContain('Allow: /')
    for (const path of [
      '/api/',
      '/admin',
      '/wallet',
      '/post',
      '/login',
      '/register',
      '/forgot-password',
      '/account',
    ]) {
      expect(lines, path).toContain(`Disallow: ${path}`)
    }
    expect(lines.filter((line) => line.trim() !== '').at(-1)).toBe(`Sitemap: ${ORIGIN}/sitemap.xml`)
  })
})

describe('GET /sitemap.xml', () => {
  it('lists the home and every listing page even with no ads at all', async () => {
    const res = await get('/sitemap.xml')
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8')
    expect(res.headers['cache-control']).toBe('public, max-age=600')
    expect(res.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true)
    expect(res.body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"')
    expect(res.body).toContain('xmlns:xhtml="http://www.w3.org/1999/xhtml"')
    expect(res.body.trim().endsWith('</urlset>')).toBe(true)
    const urls = locs(res.body)
    expect(urls[0]).toBe(`${ORIGIN}/`)
    expect(urls).toContain(`${ORIGIN}/ca/QC/adult-services`)
    expect(urls).toContain(`${ORIGIN}/ca/ALL/adult-buy-sell`)
    expect(urls).toHaveLength(1 + (PROVINCE_CODES.length + 1) * CATEGORY_KEYS.length)
    expect(urls.every((url) => url.startsWith(`${ORIGIN}/`) && !url.slice(8).includes('//'))).toBe(true)
    expect(res.body.match(/<url>/g)).toHaveLength(urls.length)
  })

  it("names a live ad's page with its lastmod and its English, French and default alternates", async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner, {
      title: 'Corset & "dentelle" <neuf>',
      province: 'ON',
      category: 'adult-pics-vids',
    })
    const res = await get('/sitemap.xml')
    const url = `${ORIGIN}${adPath({ id, title: 'Corset & "dentelle" <neuf>', province: 'ON', category: 'adult-pics-vids' })}`
    expect(url).toBe(`${ORIGIN}/ca/ON/adult-pics-vids/${id}-corset-dentelle-neuf`)
    const entry = res.body.match(new RegExp(`<url><loc>${url}</loc>.*?</url>`))?.[0]
    expect(entry, res.body).toBeDefined()
    expect(entry).toMatch(/<lastmod>\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z<\/lastmod>/)
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="en-CA" href="${url}"/>`)
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="fr-CA" href="${url}?lang=fr"/>`)
    expect(entry).toContain(`<xhtml:link rel="alternate" hreflang="x-default" href="${url}"/>`)
    // the raw title never reaches the document: only its slug, so nothing there needs escaping twice
    expect(res.body).not.toContain('<neuf>')
  })

  it('leaves out ads that are held, removed, unpaid or expired, and lists the newest first', async () => {
    const owner = await member(api.t)
    const older = await liveAd(api.t, owner, { title: 'Older robe' })
    const held = await liveAd(api.t, owner, { title: 'Held robe' })
    const removed = await liveAd(api.t, owner, { title: 'Removed robe' })
    const expired = await liveAd(api.t, owner, { title: 'Expired robe' })
    const pending = await createAd(api.t, owner, { title: 'Unpaid robe' })
    const newer = await liveAd(api.t, owner, { title: 'Newer robe' })

    // an account in good standing (over a week old) holds an ad with one urgent report
    const reporter = await member(api.t, { ageDays: 8 })
    const reported = await api.t.app.inject({
      method: 'POST',
      url: `/api${ReportPaths.report(held)}`,
      headers: reporter.auth,
      payload: { reason: 'underage' },
    })
    expect(reported.statusCode).toBe(200)
    const deleted = await api.t.app.inject({
      method: 'DELETE',
      url: `/api/ads/${removed}`,
      headers: owner.auth,
    })
    expect(deleted.statusCode).toBeLessThan(300)
    await expire(api.t, expired)

    // an ad's URL has one segment more than a listing's: https://host/ca/{province}/{category}/{id}-{slug}
    const adUrls = locs((await get('/sitemap.xml')).body).filter((url) => url.split('/').length > 6)
    const ids = adUrls.map((url) => url.split('/').at(-1)?.split('-')[0])
    expect(ids).toEqual([newer, older])
    for (const hidden of [held, removed, expired, pending]) expect(ids).not.toContain(hidden)
  })
})
