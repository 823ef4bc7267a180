// Every refusal names its code (src/domain/api/error-codes.ts) and is worded in the language asked
// for, from the same catalogs the app reads (docs/decisions/037-error-codes.md): a sample per family
// of routes, asked in Canadian French.
import type { InjectOptions } from 'fastify'
import { describe, expect, it } from 'vitest'
import { AdminPaths } from '#domain/api/admin.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import type { ErrorCode } from '#domain/api/error-codes.ts'
import { ModerationPaths } from '#domain/api/moderation.ts'
import { PaymentsPaths } from '#domain/api/payments.ts'
import { PrivacyPaths } from '#domain/api/privacy.ts'
import { ReportPaths } from '#domain/api/reports.ts'
import { VerificationPaths } from '#domain/api/verification.ts'
import { WalletPaths } from '#domain/api/wallet.ts'
import { errorText } from '#server/errors.ts'
import { ADMIN, adminTokenOn } from '#tests/support/admin-app.ts'
import { createAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const api = setupTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9' }

let address = 0
function ask(options: InjectOptions & { headers?: Record<string, string> }) {
  address += 1
  return api.t.app.inject({
    remoteAddress: `10.77.${Math.floor(address / 250)}.${(address % 250) + 1}`,
    ...options,
    headers: { ...FRENCH, ...options.headers },
  })
}

/** The answer carries the code, and its detail is the code's French words. */
function expectFrench(res: { statusCode: number; json: () => unknown }, status: number, code: ErrorCode) {
  expect(res.statusCode).toBe(status)
  const body = res.json() as { code: string; detail: string; params?: Record<string, string | number> }
  expect(body.code).toBe(code)
  expect(body.detail).toBe(errorText('fr', { code, ...(body.params ? { params: body.params } : {}) }))
  expect(body.detail).not.toBe(errorText('en', { code, ...(body.params ? { params: body.params } : {}) }))
  return body
}

describe('error codes in French', () => {
  it('names the refusal and words it in French on the auth routes', async () => {
    const wrong = await ask({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.com', password: 'whatever-1' },
    })
    expect(expectFrench(wrong, 401, 'auth.invalid_credentials').detail).toBe(
      'Courriel ou mot de passe incorrect',
    )
    const none = await ask({ method: 'GET', url: '/api/wallet/' })
    expectFrench(none, 401, 'auth.required')
  })

  it('gives each refused field its code, and words the whole answer field by field', async () => {
    const res = await ask({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'not-an-address', password: 'long-enough-1' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({
      code: 'request.invalid',
      detail: 'email : Entrez une adresse courriel valide',
      issues: [{ field: 'email', code: 'auth.email_invalid' }],
    })
  })

  it('on the ads and reports routes', async () => {
    const missing = await ask({ method: 'GET', url: `/api${AdsPaths.ad('zzzzzzzzzzzz')}` })
    expectFrench(missing, 404, 'ad.not_found')
    const m = await member(api.t)
    const appeal = await ask({
      method: 'POST',
      url: `/api${ReportPaths.appeal('zzzzzzzzzzzz')}`,
      headers: m.auth,
      payload: { note: '' },
    })
    expect(appeal.statusCode).toBe(400)
    expect(appeal.json().issues).toEqual([{ field: 'note', code: 'report.appeal_note_required' }])
    expect(appeal.json().detail).toBe('note : Écrivez une note pour la personne qui révisera l’annonce')
  })

  it('on the media, wallet and payments routes, with the parameters a code declares', async () => {
    const m = await member(api.t)
    const notMultipart = await ask({
      method: 'POST',
      url: '/api/media',
      headers: m.auth,
      payload: { file: 'x' },
    })
    expectFrench(notMultipart, 415, 'media.not_multipart')
    const adId = await createAd(api.t, m)
    const short = await ask({
      method: 'POST',
      url: `/api${WalletPaths.pay}`,
      headers: m.auth,
      payload: { type: 'post', listingId: adId },
    })
    expect(expectFrench(short, 402, 'wallet.insufficient_balance').detail).toBe('Solde insuffisant')
    const charge = await ask({
      method: 'GET',
      url: `/api${PaymentsPaths.chargeStatus('ch_missing')}`,
      headers: m.auth,
    })
    expectFrench(charge, 404, 'payment.charge_not_found')
  })

  it('on the admin, moderation and verification routes', async () => {
    const wrong = await ask({
      method: 'POST',
      url: `/api${AdminPaths.login}`,
      payload: { username: 'boss', password: 'nope' },
    })
    expectFrench(wrong, 401, 'auth.admin_invalid_credentials')
    const admin = { authorization: `Bearer ${await adminTokenOn(api.t)}` }
    const phrase = await ask({
      method: 'POST',
      url: `/api${ModerationPaths.bannedWords}`,
      headers: admin,
      payload: { phrase: '!!!' },
    })
    expectFrench(phrase, 400, 'phrase.no_words')
    const decision = await ask({
      method: 'POST',
      url: `/api${VerificationPaths.approve(999_999)}`,
      headers: admin,
      payload: {},
    })
    expectFrench(decision, 404, 'verification.not_found')
  })

  it('on the privacy routes and for what the framework refuses', async () => {
    const m = await member(api.t)
    const wrongPassword = await ask({
      method: 'DELETE',
      url: `/api${PrivacyPaths.account}`,
      headers: m.auth,
      payload: { password: 'not-the-password' },
    })
    expectFrench(wrongPassword, 400, 'privacy.wrong_password')
    expectFrench(await ask({ method: 'GET', url: '/api/no-such-route' }), 404, 'request.not_found')
    const badJson = await ask({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    })
    expectFrench(badJson, 400, 'request.bad_json')
  })

  it('answers in English, with the same code, when English or nothing is asked for', async () => {
    const res = await api.t.app.inject({ method: 'GET', url: `/api${AdsPaths.ad('zzzzzzzzzzzz')}` })
    expect(res.json()).toEqual({ detail: 'Ad not found', code: 'ad.not_found' })
  })

  it('lists in the OpenAPI document the codes each route may answer', async () => {
    const res = await api.t.app.inject({ method: 'GET', url: '/api/docs/json' })
    expect(res.statusCode).toBe(200)
    const doc = res.json()
    const pay = doc.paths['/api/wallet/pay'].post.responses['402'].content['application/json'].schema
    expect(pay.properties.code.enum).toContain('wallet.insufficient_balance')
    expect(pay.properties.code.enum).toContain('request.rate_limited')
    expect(pay.properties.code.enum).not.toContain('phrase.no_words')
  })
})
