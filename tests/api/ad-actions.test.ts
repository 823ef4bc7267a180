// An ad page's Reveal and Report without the app (src/server/routes/ad-actions.ts): the ad's page comes
// back with the next step where the form was, through the API's own rules and rate limits, never
// stored, and only for forms sent from this site. The render bundle and the build's fragments here are
// stand-ins laid out as scripts/build.mjs and scripts/vite/ad-actions.ts write them; the real ones are
// exercised in the browser by tests/e2e/first-visit.spec.ts and tests/e2e/ad-page.spec.ts.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AD_ACTION_SLOTS, type AdActionsBuild, type AdActionsMarkup } from '#domain/ad-actions.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const SHELL = `<!doctype html><html lang="en"><head><title>Maple</title><meta name="description" content="d" /></head><body><div id="root"></div></body></html>`

// an ad's page as the app renders it: its two forms, marked for the server
const STAND_IN = `
export function setup() {}
export async function renderPage(url, language) {
  const path = url.split('?')[0]
  const id = path.split('/')[4].split('-')[0]
  return {
    html: '<main lang="' + language + '"><h1>Ad</h1>'
      + '<form data-ad-action="reveal" action="/ads/' + id + '/reveal" method="post"><button>Reveal contact</button></form>'
      + '<form data-ad-action="report" action="/ads/' + id + '/report" method="post"><button>Report</button></form></main>',
    preloads: '',
    head: { title: 'Ad', description: 'An ad', canonicalPath: path, kind: 'article' },
    documentTitle: 'Ad',
    scripts: '',
    redirect: null,
  }
}
`

function markup(words: string): AdActionsMarkup {
  const challenge = (failed: string) =>
    `<form method="post" action="${AD_ACTION_SLOTS.action}"><input type="hidden" name="challenge" value="${AD_ACTION_SLOTS.challenge}"/><span data-code>${AD_ACTION_SLOTS.code}</span>${failed}<input name="code"/></form>`
  return {
    challenge: challenge(''),
    challengeFailed: challenge('<p role="alert">wrong</p>'),
    reportForm: `<form method="post" action="${AD_ACTION_SLOTS.action}" data-report-form><input type="radio" name="reason" value="spam"/></form>`,
    labels: {
      phone: `${words} phone`,
      email: `${words} email`,
      website: `${words} website`,
      handle: `${words} handle`,
      platforms: { instagram: 'Instagram' },
      noContact: `${words} no contact`,
      revealFailed: `${words} reveal failed`,
      tooMany: `${words} too many`,
      reportThanks: `${words} thanks`,
      reportAlready: `${words} already`,
      reportFailed: `${words} report failed`,
    },
  }
}
const FRAGMENTS: AdActionsBuild = { en: markup('EN'), fr: markup('FR') }

let root = ''
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'maple-ad-actions-'))
  for (const dir of ['client', 'server', 'fragments']) mkdirSync(join(root, dir))
  for (const name of ['index.html', 'listing.html', 'ad.html'])
    writeFileSync(join(root, 'client', name), SHELL)
  writeFileSync(join(root, 'server', 'entry-server.js'), STAND_IN)
  writeFileSync(join(root, 'fragments', 'ad-actions.json'), JSON.stringify(FRAGMENTS))
})
afterAll(() => rmSync(root, { recursive: true, force: true }))

const ref = setupTestApp(() => ({ STATIC_DIR: join(root, 'client'), PUBLIC_URL: 'https://maple.example' }))

// each test speaks from its own address: the API's rate limits count per address
let ipCounter = 0
const FROM_OUR_PAGE = { 'sec-fetch-site': 'same-origin', cookie: 'adult_confirmed=1' }

function post(
  url: string,
  fields: Record<string, string>,
  headers: Record<string, string> = FROM_OUR_PAGE,
  ip = '',
) {
  return ref.t.app.inject({
    method: 'POST',
    url,
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
    remoteAddress: ip || `10.31.0.${++ipCounter}`,
  })
}

function challengeIn(html: string): { code: string; challenge: string } {
  const code = /<span data-code>([A-Z0-9]+)<\/span>/.exec(html)?.[1]
  const challenge = /name="challenge" value="([^"]+)"/.exec(html)?.[1]
  if (!code || !challenge) throw new Error(`no challenge in ${html}`)
  return { code, challenge }
}

describe('Reveal without the app', () => {
  it('answers the ad’s page with a code to type, then the contact for the right code, never stored', async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    const ip = '10.31.1.1'
    const first = await post(`/ads/${id}/reveal`, {}, FROM_OUR_PAGE, ip)
    expect(first.statusCode).toBe(200)
    expect(first.headers['cache-control']).toBe('no-store')
    expect(first.body).toContain('<h1>Ad</h1>')
    expect(first.body).not.toContain('data-ad-action="reveal"')
    expect(first.body).toContain('data-ad-action="report"')
    expect(first.body).not.toContain('514-555-0100')
    const { code, challenge } = challengeIn(first.body)

    // typed in lower case with stray spaces, as people do
    const shown = await post(
      `/ads/${id}/reveal`,
      { challenge, code: ` ${code.toLowerCase()} ` },
      FROM_OUR_PAGE,
      ip,
    )
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['cache-control']).toBe('no-store')
    expect(shown.body).toContain('href="tel:514-555-0100"')
    expect(shown.body).toContain('href="mailto:seller@example.com"')
    expect(shown.body).toContain('@robe<span class="text-muted-foreground"> (Instagram)</span>')
    expect(shown.body).toContain('EN phone')
  })

  it('answers a wrong code, or another ad’s challenge, with a new code and says so', async () => {
    const t = ref.t
    const m = await member(t)
    const id = await liveAd(t, m)
    const other = await liveAd(t, m)
    const { code, challenge } = challengeIn((await post(`/ads/${id}/reveal`, {}, FROM_OUR_PAGE)).body)
    const wrong = await post(`/ads/${id}/reveal`, { challenge, code: code === 'AAAAA' ? 'BBBBB' : 'AAAAA' })
    expect(wrong.statusCode).toBe(200)
    expect(wrong.body).toContain('<p role="alert">wrong</p>')
    expect(wrong.body).not.toContain('514-555-0100')
    expect(challengeIn(wrong.body).challenge).not.toBe(challenge)
    const elsewhere = await post(`/ads/${other}/reveal`, { challenge, code })
    expect(elsewhere.body).toContain('<p role="alert">wrong</p>')
    const forged = await post(`/ads/${id}/reveal`, { challenge: `${Date.now() + 60_000}.forged`, code })
    expect(forged.body).not.toContain('514-555-0100')
  })

  it('takes a challenge only exactly as it was issued: no trailing part, hexadecimal expiry or leading space', async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    const ip = '10.31.4.1'
    const { code, challenge } = challengeIn((await post(`/ads/${id}/reveal`, {}, FROM_OUR_PAGE, ip)).body)
    const [expiry = '', signature = ''] = challenge.split('.')
    const spellings = [
      `${challenge}.more`,
      `0x${Number(expiry).toString(16)}.${signature}`,
      ` ${challenge}`,
      `${Number(expiry).toExponential()}.${signature}`,
      `${challenge} `,
    ]
    for (const spelled of spellings) {
      const res = await post(`/ads/${id}/reveal`, { challenge: spelled, code }, FROM_OUR_PAGE, ip)
      expect(res.body).not.toContain('514-555-0100')
      expect(res.body).toContain('<p role="alert">wrong</p>')
    }
    // the challenge as issued still works
    const shown = await post(`/ads/${id}/reveal`, { challenge, code }, FROM_OUR_PAGE, ip)
    expect(shown.body).toContain('href="tel:514-555-0100"')
  })

  it(`limits the first step on its own: past ${RATE_LIMITS.pages.reveal.max} presses from one address, 429`, async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    const ip = '10.31.5.1'
    for (let i = 0; i < RATE_LIMITS.pages.reveal.max; i++)
      expect((await post(`/ads/${id}/reveal`, {}, FROM_OUR_PAGE, ip)).statusCode).toBe(200)
    const refused = await post(`/ads/${id}/reveal`, {}, FROM_OUR_PAGE, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.headers['retry-after']).toBeDefined()
    expect(refused.json()).toMatchObject({ code: 'request.rate_limited' })
    // another address is not held back
    expect((await post(`/ads/${id}/reveal`, {}, FROM_OUR_PAGE, '10.31.5.2')).statusCode).toBe(200)
  })

  it('counts in the API’s own bucket: past its limit the page says to wait, with 429', async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    const ip = '10.31.2.1'
    for (let i = 0; i < RATE_LIMITS.ads.reveal.max; i++) {
      const api = await t.app.inject({ method: 'POST', url: `/api/ads/${id}/reveal`, remoteAddress: ip })
      expect(api.statusCode).toBe(200)
    }
    const { code, challenge } = challengeIn((await post(`/ads/${id}/reveal`, {}, FROM_OUR_PAGE, ip)).body)
    const refused = await post(`/ads/${id}/reveal`, { challenge, code }, FROM_OUR_PAGE, ip)
    expect(refused.statusCode).toBe(429)
    expect(refused.body).toContain('EN too many')
    expect(refused.body).not.toContain('514-555-0100')
  })

  it('speaks the visitor’s language', async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    const ip = '10.31.3.1'
    const headers = { ...FROM_OUR_PAGE, cookie: 'adult_confirmed=1; lang=fr' }
    const { code, challenge } = challengeIn((await post(`/ads/${id}/reveal`, {}, headers, ip)).body)
    const shown = await post(`/ads/${id}/reveal`, { challenge, code }, headers, ip)
    expect(shown.body).toContain('FR phone')
    expect(shown.body).toContain('<main lang="fr">')
  })

  it('refuses a form sent from another site, or that cannot say where it comes from', async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    expect((await post(`/ads/${id}/reveal`, {}, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403)
    expect((await post(`/ads/${id}/reveal`, {}, {})).statusCode).toBe(403)
    // what our pages' no-referrer policy makes of a form's Origin
    expect((await post(`/ads/${id}/reveal`, {}, { origin: 'null' })).statusCode).toBe(403)
    expect(
      (await post(`/ads/${id}/report`, { reason: 'spam' }, { origin: 'https://evil.example' })).statusCode,
    ).toBe(403)
    // a browser too old for Sec-Fetch-Site, on our own page
    expect((await post(`/ads/${id}/reveal`, {}, { origin: 'https://maple.example' })).statusCode).toBe(200)
  })

  it('answers 404 with the page for an ad that is not there, and 400 for a malformed id', async () => {
    const gone = await post('/ads/zzzzzzzzzzzz/reveal', {})
    expect(gone.statusCode).toBe(404)
    expect((await post(`/ads/${'x'.repeat(80)}/reveal`, {})).statusCode).toBe(400)
  })
})

describe('Report without the app', () => {
  it('answers the form, then records the report through the API’s rules and thanks in words', async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    const ip = '10.31.4.1'
    const form = await post(`/ads/${id}/report`, {}, FROM_OUR_PAGE, ip)
    expect(form.statusCode).toBe(200)
    expect(form.body).toContain(`<form method="post" action="/ads/${id}/report" data-report-form>`)
    expect(form.body).not.toContain('data-ad-action="report"')

    const sent = await post(
      `/ads/${id}/report`,
      { reason: 'wrong_category', details: ' not here ' },
      FROM_OUR_PAGE,
      ip,
    )
    expect(sent.statusCode).toBe(200)
    expect(sent.headers['cache-control']).toBe('no-store')
    expect(sent.body).toContain('<p role="status" class="text-sm text-muted-foreground">EN thanks</p>')
    const rows = await t.db.select().from(adReports).where(eq(adReports.adId, id))
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ reason: 'wrong_category', details: 'not here' })

    // one report per ad per address, as the API says
    const again = await post(`/ads/${id}/report`, { reason: 'spam' }, FROM_OUR_PAGE, ip)
    expect(again.body).toContain('EN already')
    expect(await t.db.select().from(adReports).where(eq(adReports.adId, id))).toHaveLength(1)
  })

  it('refuses details longer than the API takes with 400 and words, and an unknown reason shows the form again', async () => {
    const t = ref.t
    const id = await liveAd(t, await member(t))
    const long = await post(`/ads/${id}/report`, { reason: 'spam', details: 'x'.repeat(1_001) })
    expect(long.statusCode).toBe(400)
    expect(long.body).toContain('EN report failed')
    const unknown = await post(`/ads/${id}/report`, { reason: 'because' })
    expect(unknown.statusCode).toBe(200)
    expect(unknown.body).toContain('data-report-form')
    expect(await t.db.select().from(adReports).where(eq(adReports.adId, id))).toHaveLength(0)
  })
})
