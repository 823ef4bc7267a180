import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { BannedPhrase } from '#domain/api/moderation.ts'
import { users } from '#server/db/schema/users.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import {
  BannedPhraseService,
  LIST_RECHECK_MS,
  seedDefaultPhrases,
} from '#server/services/moderation/banned-phrases.ts'
import { DEFAULT_BANNED_PHRASES } from '#server/services/moderation/default-phrases.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

const ADMIN = { username: 'admin', password: 'moderation-test-password' }

let t: TestApp
beforeAll(async () => {
  t = await createTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password })
})
afterAll(() => t.close())
beforeEach(() => t.reset())

// requests come from a new address each time, so per-IP rate limits never leak between tests
let nextIp = 1
function freshIp(): string {
  const n = nextIp++
  return `10.0.${Math.floor(n / 250)}.${(n % 250) + 1}`
}

async function check(body: unknown, remoteAddress = freshIp()) {
  return t.app.inject({
    method: 'POST',
    url: '/api/moderation/check',
    payload: body as object,
    remoteAddress,
  })
}

async function adminToken(): Promise<string> {
  // admin login is rate limited per address too
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/login',
    payload: ADMIN,
    remoteAddress: freshIp(),
  })
  expect(res.statusCode).toBe(200)
  return res.json<{ token: string }>().token
}

async function userToken(): Promise<string> {
  const [user] = await t.db
    .insert(users)
    .values({
      email: `user-${nextIp++}@example.com`,
      passwordHash: 'not-a-real-hash',
      emailVerifiedAt: new Date(),
    })
    .returning({ id: users.id })
  if (!user) throw new Error('user not created')
  return createSession(t.db, user.id)
}

async function list(): Promise<BannedPhrase[]> {
  const res = await t.app.inject({ method: 'GET', url: '/api/moderation/banned-words' })
  expect(res.statusCode).toBe(200)
  return res.json<BannedPhrase[]>()
}

async function add(phrase: unknown, token: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/moderation/banned-words',
    headers: { authorization: `Bearer ${token}` },
    payload: { phrase } as object,
  })
}

async function remove(id: string, token: string) {
  return t.app.inject({
    method: 'DELETE',
    url: `/api/moderation/banned-words/${id}`,
    headers: { authorization: `Bearer ${token}` },
  })
}

describe('default banned phrases', () => {
  it('are seeded on first start and listed publicly with ISO dates', async () => {
    const phrases = await list()
    expect(phrases.map((p) => p.phrase).sort()).toEqual([...DEFAULT_BANNED_PHRASES].sort())
    for (const p of phrases) {
      expect(p.id).toMatch(/^[0-9a-f-]{36}$/)
      expect(new Date(p.created_at).toISOString()).toBe(p.created_at)
    }
  })

  it('are not seeded again once an admin has deleted them all', async () => {
    const token = await adminToken()
    for (const p of await list()) expect((await remove(p.id, token)).statusCode).toBe(204)
    expect(await list()).toEqual([])

    expect(await seedDefaultPhrases(t.db)).toBe(0)
    expect(await list()).toEqual([])

    // put the defaults back for the rest of the file
    for (const phrase of DEFAULT_BANNED_PHRASES) expect((await add(phrase, token)).statusCode).toBe(201)
  })
})

describe('POST /api/moderation/check', () => {
  it('passes an ordinary ad', async () => {
    const res = await check({
      title: 'Vintage leather jacket',
      description: 'Barely worn, minor scuffs. Canteen included! $50, pickup in Montréal.',
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ok: true, matches: [] })
  })

  it('rejects an ad with a banned phrase and names the phrases found', async () => {
    const res = await check({ title: 'Hot T33N', description: 'she had no-choice, a s c h o o l g i r l' })
    expect(res.statusCode).toBe(200)
    const body = res.json<{ ok: boolean; matches: string[] }>()
    expect(body.ok).toBe(false)
    expect(body.matches.sort()).toEqual(['no choice', 'school girl', 'teen'])
  })

  it('reads the title and the description apart', async () => {
    const res = await check({ title: 'Young', description: 'girl scout cookies' })
    expect(res.json()).toEqual({ ok: true, matches: [] })
  })

  it('accepts a draft without a description', async () => {
    const res = await check({ title: 'Lolita dress' })
    expect(res.json()).toEqual({ ok: false, matches: ['lolita'] })
  })

  it.each([
    ['no body', undefined],
    ['no title', { description: 'x' }],
    ['a title that is not a string', { title: 42, description: 'x' }],
    ['a huge description', { title: 'x', description: 'a'.repeat(20_001) }],
  ])('answers 400 with a detail for %s', async (_case, body) => {
    const res = await check(body)
    expect(res.statusCode).toBe(400)
    expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String))
  })

  it('answers 429 with a detail after 60 checks a minute from one address', async () => {
    const ip = freshIp()
    for (let i = 0; i < 60; i++) {
      expect((await check({ title: 'fine', description: '' }, ip)).statusCode).toBe(200)
    }
    const limited = await check({ title: 'fine', description: '' }, ip)
    expect(limited.statusCode).toBe(429)
    expect(limited.json()).toEqual({ detail: expect.stringMatching(/too many requests/i) })
    // another address is not held back
    expect((await check({ title: 'fine', description: '' })).statusCode).toBe(200)
  })
})

describe('POST /api/moderation/banned-words', () => {
  it('adds a phrase, which the check then finds at once', async () => {
    const token = await adminToken()
    expect((await check({ title: 'Blorptastic offer', description: '' })).json()).toEqual({
      ok: true,
      matches: [],
    })

    const res = await add('  Blorptastic  ', token)
    expect(res.statusCode).toBe(201)
    const created = res.json<BannedPhrase>()
    expect(created).toEqual({ id: expect.any(String), phrase: 'Blorptastic', created_at: expect.any(String) })
    expect((await list()).find((p) => p.id === created.id)).toEqual(created)

    expect((await check({ title: 'B-l-0-r-p-t-@-s-t-i-c offer', description: '' })).json()).toEqual({
      ok: false,
      matches: ['Blorptastic'],
    })
  })

  it('refuses a duplicate whatever its case, accents or spacing with 409', async () => {
    const token = await adminToken()
    expect((await add('Gloop Phrase', token)).statusCode).toBe(201)
    for (const again of ['gloop phrase', 'GLÔOP   phrase', ' gloop-phrase ']) {
      const res = await add(again, token)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ detail: 'This phrase is already in the list' })
    }
    expect((await list()).filter((p) => p.phrase.toLowerCase() === 'gloop phrase')).toHaveLength(1)
  })

  it('refuses a default phrase typed differently', async () => {
    const res = await add('TÉEN', await adminToken())
    expect(res.statusCode).toBe(409)
  })

  it.each([
    ['a blank phrase', '   '],
    ['an empty phrase', ''],
    ['punctuation only', '?!.'],
    ['a phrase that is not a string', 12],
    ['a phrase of 201 characters', 'a'.repeat(201)],
  ])('answers 400 with a detail for %s', async (_case, phrase) => {
    const res = await add(phrase, await adminToken())
    expect(res.statusCode).toBe(400)
    expect(res.json<{ detail: string }>().detail).toEqual(expect.any(String))
  })

  it('refuses a phrase with a NUL character with 400 (PostgreSQL text cannot hold it)', async () => {
    const res = await add('bad\u0000word', await adminToken())
    expect(res.statusCode).toBe(400)
    expect(res.json()).toEqual({ detail: 'phrase: Text must not contain NUL characters' })
  })

  it('says why a blank phrase is refused', async () => {
    const res = await add('  ', await adminToken())
    expect(res.json<{ detail: string }>().detail).toMatch(/Phrase must not be blank/)
  })
})

describe('DELETE /api/moderation/banned-words/{id}', () => {
  it('deletes a phrase, which the check then lets through', async () => {
    const token = await adminToken()
    const created = (await add('Zorblax', token)).json<BannedPhrase>()
    expect((await check({ title: 'zorblax', description: '' })).json()).toMatchObject({ ok: false })

    const res = await remove(created.id, token)
    expect(res.statusCode).toBe(204)
    expect(res.body).toBe('')
    expect((await list()).some((p) => p.id === created.id)).toBe(false)
    expect((await check({ title: 'zorblax', description: '' })).json()).toEqual({ ok: true, matches: [] })
  })

  it('answers 404 with a detail for a phrase that does not exist', async () => {
    const token = await adminToken()
    const res = await remove('00000000-0000-4000-8000-000000000000', token)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Banned phrase not found' })

    const created = (await add('Twice Gone', token)).json<BannedPhrase>()
    expect((await remove(created.id, token)).statusCode).toBe(204)
    expect((await remove(created.id, token)).statusCode).toBe(404)
  })

  it.each(['not-a-uuid', '1', "1' OR '1'='1", '%00'])(
    'answers 404, never 500, for a malformed id %s',
    async (id) => {
      const res = await remove(encodeURIComponent(id), await adminToken())
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ detail: 'Banned phrase not found' })
    },
  )
})

describe('admin-only routes', () => {
  const calls = [
    ['POST /banned-words', (auth?: string) => add('Anything', auth ?? '')],
    [
      'DELETE /banned-words/{id}',
      (auth?: string) => remove('00000000-0000-4000-8000-000000000000', auth ?? ''),
    ],
  ] as const

  for (const [name, call] of calls) {
    describe(name, () => {
      it('answers 401 without a token', async () => {
        const res = await t.app.inject({
          method: name.startsWith('POST') ? 'POST' : 'DELETE',
          url: name.startsWith('POST')
            ? '/api/moderation/banned-words'
            : '/api/moderation/banned-words/00000000-0000-4000-8000-000000000000',
          payload: name.startsWith('POST') ? { phrase: 'Anything' } : undefined,
        })
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ detail: expect.any(String) })
      })

      it('answers 401 with a made-up token', async () => {
        const res = await call('made-up-token')
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ detail: expect.any(String) })
      })

      it("answers 401 with a signed-in user's token", async () => {
        const res = await call(await userToken())
        expect(res.statusCode).toBe(401)
        expect(res.json()).toEqual({ detail: expect.any(String) })
      })

      it('answers 401 with a revoked admin token', async () => {
        const token = await adminToken()
        await t.reset()
        const res = await call(token)
        expect(res.statusCode).toBe(401)
      })
    })
  }

  it('leaves the list unchanged when refused', async () => {
    const before = await list()
    await add('Sneaky', await userToken())
    expect(await list()).toEqual(before)
  })
})

describe('the cached matcher', () => {
  it('sees a change made by another process once the recheck interval has passed', async () => {
    let now = 1_000_000
    const here = new BannedPhraseService(t.db, () => now)
    const elsewhere = new BannedPhraseService(t.db, () => now)
    expect((await here.check('Quuxly', '')).ok).toBe(true)

    const added = await elsewhere.add('Quuxly')
    expect((await elsewhere.check('Quuxly', '')).ok).toBe(false)
    // still the cached list: no database round trip on every check
    expect((await here.check('Quuxly', '')).ok).toBe(true)

    now += LIST_RECHECK_MS
    expect(await here.check('Quuxly', '')).toEqual({ ok: false, matches: ['Quuxly'] })

    await elsewhere.remove(added.id)
    now += LIST_RECHECK_MS
    expect((await here.check('Quuxly', '')).ok).toBe(true)
  })
})
