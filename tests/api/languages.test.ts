import { eq } from 'drizzle-orm'
import type { InjectOptions } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/users.ts'
import { refusal, saying } from '#server/errors.ts'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp
let clientIp = 0
let ip = ''

const FRENCH = { 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.8' }

// the mails of forgot-password and resend-verification are queued after the answer
async function call(options: InjectOptions) {
  const res = await t.app.inject({ remoteAddress: ip, ...options })
  await t.app.afterAnswer.settled()
  return res
}

function post(url: string, payload: object, headers: Record<string, string> = {}) {
  return call({ method: 'POST', url: `/api/auth${url}`, payload, headers })
}

beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'https://maple.example' })
})
afterAll(() => t.close())
beforeEach(async () => {
  clientIp += 1
  ip = `10.9.0.${clientIp}`
  await t.reset()
})

describe('the API language', () => {
  it('answers errors in French when the app asks in French, and in English otherwise', async () => {
    const body = { email: 'nobody@example.com', password: 'wrong-password-1' }
    const french = await post('/login', body, FRENCH)
    expect(french.statusCode).toBe(401)
    expect(french.json()).toEqual({
      detail: 'Courriel ou mot de passe incorrect',
      code: 'auth.invalid_credentials',
    })
    expect(french.headers.vary).toContain('Accept-Language')

    const english = await post('/login', body)
    expect(english.json()).toEqual(refusal('auth.invalid_credentials'))
    const german = await post('/login', body, { 'accept-language': 'de-DE' })
    expect(german.json()).toEqual(refusal('auth.invalid_credentials'))
  })

  it('translates each part of a validation answer and keeps the field names', async () => {
    const res = await post('/register', { email: 'not-an-address', password: 'maple-pw-1' }, FRENCH)
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe('email : Entrez une adresse courriel valide')
  })

  it('translates the messages of successful answers too', async () => {
    const french = await post('/register', { email: 'eve@example.com', password: 'maple-pw-1' }, FRENCH)
    expect(french.statusCode).toBe(201)
    expect(french.json().message).toBe('Compte créé. Le lien de vérification vous a été envoyé par courriel.')
    const english = await post('/register', { email: 'bob@example.com', password: 'maple-pw-1' })
    expect(english.json().message).toBe(saying('auth.registered').message)
  })

  it('never fails on a strange Accept-Language header', async () => {
    for (const header of [';;;', 'fr;q=abc', 'x'.repeat(4000), 'fr-CA;q=1;q=0, *']) {
      const res = await post(
        '/login',
        { email: 'a@example.com', password: 'x' },
        { 'accept-language': header },
      )
      expect(res.statusCode).toBe(401)
    }
  })
})

describe('mail language', () => {
  it('writes the verification and reset mails in the language the user signed up in', async () => {
    await post('/register', { email: 'marie@example.com', password: 'maple-pw-1' }, FRENCH)
    const [user] = await t.db.select().from(users).where(eq(users.email, 'marie@example.com'))
    expect(user?.language).toBe('fr')
    const [verify] = await readOutbox(t.db, { to: 'marie@example.com' })
    expect(verify?.subject).toBe('Confirmez votre adresse courriel')
    expect(verify?.text).toContain('Bienvenue!')
    expect(verify?.text).toContain(verify?.link ?? 'no link')

    // asked later from an English page: the mail still follows the account's language
    await post('/forgot-password', { email: 'marie@example.com' })
    const [reset] = await readOutbox(t.db, { to: 'marie@example.com', limit: 1 })
    expect(reset?.subject).toBe('Réinitialisez votre mot de passe')
  })

  it('keeps English mails for users who signed up in English', async () => {
    await post('/register', { email: 'john@example.com', password: 'maple-pw-1' })
    const [user] = await t.db.select().from(users).where(eq(users.email, 'john@example.com'))
    expect(user?.language).toBe('en')
    await post('/forgot-password', { email: 'john@example.com' }, FRENCH)
    const [reset] = await readOutbox(t.db, { to: 'john@example.com', limit: 1 })
    expect(reset?.subject).toBe('Reset your password')
  })

  it('writes the notice to an existing account in that account’s language', async () => {
    await post('/register', { email: 'lea@example.com', password: 'maple-pw-1' }, FRENCH)
    await post('/register', { email: 'lea@example.com', password: 'maple-pw-2' })
    const [notice] = await readOutbox(t.db, { to: 'lea@example.com', limit: 1 })
    expect(notice?.subject).toBe('Quelqu’un a tenté de s’inscrire avec votre adresse')
  })
})
