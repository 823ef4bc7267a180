// The server's own answers to a browser that navigated (issue 44 item 5,
// docs/decisions/066-french-everywhere.md): a refusal is a page in the visitor's page language (the
// switch's cookie or ?lang= before Accept-Language), with the EN/FR switch; the app's fetches and API
// clients keep the JSON. PGlite by default, PostgreSQL with TEST_DB=postgres.
import { describe, expect, it } from 'vitest'
import { AlertsPaths } from '#domain/api/alerts.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const NAVIGATION = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8'
const FRENCH_COOKIE = { accept: NAVIGATION, 'accept-language': 'en-CA,en;q=0.9', cookie: 'language=fr' }

const api = setupTestApp(
  { PUBLIC_URL: 'https://maple.example' },
  {
    // a route that fails and one limited to a request a minute, as any route of the app may
    setup: (app) => {
      app.get('/test/fails', () => {
        throw new Error('the render broke')
      })
      app.get('/test/limited', { config: { rateLimit: { max: 1, timeWindow: '1 minute' } } }, () => 'ok')
    },
  },
)

function get(url: string, headers: Record<string, string>) {
  return api.t.app.inject({ method: 'GET', url, headers })
}

/** The page is French throughout: its language, its words, and the switch that leads to English. */
function expectFrenchPage(body: string, words: { title: string; detail: string }) {
  expect(body).toContain('<html lang="fr-CA">')
  expect(body).toContain(`<h1>${words.title}</h1>`)
  expect(body).toContain(words.detail)
  expect(body).toContain('Retour à l’accueil')
  expect(body).toMatch(
    /<nav aria-label="Langue"><a href="[^"]*lang=en" hreflang="en" lang="en">English<\/a><\/nav>/,
  )
  expect(body).not.toMatch(/Page not found|Go to the home page|Something went wrong|Too many requests/)
}

describe(`error pages in French (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('answers a French visitor who opens a missing address with a French 404 page and a switch to English', async () => {
    const res = await get('/icons/missing.png?from=mail', FRENCH_COOKIE)
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
    expect(res.headers['content-security-policy']).toBe(
      "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    )
    expect(String(res.headers.vary)).toMatch(/Accept\b/)
    expect(String(res.headers.vary)).toContain('Cookie')
    expectFrenchPage(res.body, { title: 'Page introuvable', detail: 'Introuvable' })
    expect(res.body).toContain('href="/icons/missing.png?from=mail&amp;lang=en"')
  })

  it('follows ?lang= over the cookie, so the switch’s link answers in English', async () => {
    const res = await get('/icons/missing.png?lang=en', FRENCH_COOKIE)
    expect(res.statusCode).toBe(404)
    expect(res.body).toContain('<html lang="en-CA">')
    expect(res.body).toContain('<h1>Page not found</h1>')
    expect(res.body).toContain('hreflang="fr" lang="fr">Français</a>')
  })

  it('answers a French browser without a cookie in French too', async () => {
    const res = await get('/nowhere/at/all.js', { accept: NAVIGATION, 'accept-language': 'fr-CA,fr;q=0.9' })
    expectFrenchPage(res.body, { title: 'Page introuvable', detail: 'Introuvable' })
  })

  it('keeps the JSON answer, in the Accept-Language’s words, for the app and API clients', async () => {
    const res = await get('/icons/missing.png', {
      accept: 'application/json',
      'accept-language': 'fr-CA',
      cookie: 'language=en',
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Introuvable', code: 'request.not_found' })
  })

  it('answers a failing page with a French error page that says nothing of the failure', async () => {
    const res = await get('/test/fails', FRENCH_COOKIE)
    expect(res.statusCode).toBe(500)
    expectFrenchPage(res.body, { title: 'Une erreur est survenue', detail: 'Erreur interne du serveur' })
    expect(res.body).not.toContain('the render broke')
  })

  it('answers a rate-limited page in French, with its Retry-After', async () => {
    expect((await get('/test/limited', FRENCH_COOKIE)).statusCode).toBe(200)
    const res = await get('/test/limited', FRENCH_COOKIE)
    expect(res.statusCode).toBe(429)
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0)
    expectFrenchPage(res.body, {
      title: 'Trop de requêtes',
      detail: 'Trop de requêtes, veuillez réessayer plus tard.',
    })
  })

  it('answers a form posted from another site in French, its switch leading home since a post cannot be asked again', async () => {
    const res = await api.t.app.inject({
      method: 'POST',
      url: '/adult-gate',
      headers: {
        ...FRENCH_COOKIE,
        'content-type': 'application/x-www-form-urlencoded',
        'sec-fetch-site': 'cross-site',
      },
      payload: 'return=%2F',
    })
    expect(res.statusCode).toBe(403)
    expectFrenchPage(res.body, {
      title: 'Cette demande ne peut pas aboutir',
      detail: 'Ce formulaire doit être envoyé depuis une page de ce site.',
    })
    expect(res.body).toContain('href="/?lang=en" hreflang="en"')
  })

  it('answers an address Fastify cannot read, before any route, with the French page too', async () => {
    const res = await get('/ca/%zz', FRENCH_COOKIE)
    expect(res.statusCode).toBe(400)
    expect(res.body).toContain('<html lang="fr-CA">')
    expect(res.body).toContain('<h1>Cette demande ne peut pas aboutir</h1>')
  })

  it('answers an alert’s unsubscribe link that no longer works with a French page', async () => {
    const res = await get(`/api${AlertsPaths.unsubscribe}?token=expired-or-made-up`, FRENCH_COOKIE)
    expect(res.statusCode).toBeGreaterThanOrEqual(400)
    expect(res.body).toContain('<html lang="fr-CA">')
    expect(res.body).toContain('Retour à l’accueil')
    expect(res.body).toContain('lang=en" hreflang="en"')
  })
})
