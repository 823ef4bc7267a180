import { describe, expect, it } from 'vitest'
import type { BannedPhrase } from '#domain/api/moderation.ts'
import { setupModerationApp } from '#tests/support/moderation-app.ts'

// The banned-word list: adding and deleting phrases, and only an admin may.

const moderation = setupModerationApp()
const { check, adminToken, userToken, list, add, remove } = moderation

describe('POST /api/moderation/banned-words', () => {
  it('adds a phrase, which the check then finds at once', async () => {
    const token = await adminToken()
    expect((await check({ title: 'Blorptastic offer', description: '' })).json()).toEqual({
      ok: true,
      matches: [],
      fields: { title: [], description: [] },
    })

    const res = await add('  Blorptastic  ', token)
    expect(res.statusCode).toBe(201)
    const created = res.json<BannedPhrase>()
    expect(created).toEqual({ id: expect.any(String), phrase: 'Blorptastic', created_at: expect.any(String) })
    expect((await list()).find((p) => p.id === created.id)).toEqual(created)

    expect((await check({ title: 'B-l-0-r-p-t-@-s-t-i-c offer', description: '' })).json()).toEqual({
      ok: false,
      matches: ['Blorptastic'],
      fields: { title: ['Blorptastic'], description: [] },
    })
  })

  it('refuses a duplicate whatever its case, accents or spacing with 409', async () => {
    const token = await adminToken()
    expect((await add('Gloop Phrase', token)).statusCode).toBe(201)
    for (const again of ['gloop phrase', 'GLÔOP   phrase', ' gloop-phrase ']) {
      const res = await add(again, token)
      expect(res.statusCode).toBe(409)
      expect(res.json()).toEqual({ detail: 'This phrase is already in the list', code: 'phrase.duplicate' })
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
    expect(res.json()).toMatchObject({
      detail: 'phrase: Text must not contain NUL characters',
      code: 'request.invalid',
    })
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
    expect((await check({ title: 'zorblax', description: '' })).json()).toEqual({
      ok: true,
      matches: [],
      fields: { title: [], description: [] },
    })
  })

  it('answers 404 with a detail for a phrase that does not exist', async () => {
    const token = await adminToken()
    const res = await remove('00000000-0000-4000-8000-000000000000', token)
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Banned phrase not found', code: 'phrase.not_found' })

    const created = (await add('Twice Gone', token)).json<BannedPhrase>()
    expect((await remove(created.id, token)).statusCode).toBe(204)
    expect((await remove(created.id, token)).statusCode).toBe(404)
  })

  it.each(['not-a-uuid', '1', "1' OR '1'='1", '%00'])(
    'answers 404, never 500, for a malformed id %s',
    async (id) => {
      const res = await remove(encodeURIComponent(id), await adminToken())
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ detail: 'Banned phrase not found', code: 'phrase.not_found' })
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
        const res = await moderation.t.app.inject({
          method: name.startsWith('POST') ? 'POST' : 'DELETE',
          url: name.startsWith('POST')
            ? '/api/moderation/banned-words'
            : '/api/moderation/banned-words/00000000-0000-4000-8000-000000000000',
          payload: name.startsWith('POST') ? { phrase: 'Anything' } : undefined,
        })
        expect(res.statusCode).toBe(401)
        expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) })
      })

      it('answers 401 with a made-up token', async () => {
        const res = await call('made-up-token')
        expect(res.statusCode).toBe(401)
        expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) })
      })

      it("answers 403 with a signed-in user's token", async () => {
        const res = await call(await userToken())
        expect(res.statusCode).toBe(403)
        expect(res.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) })
      })

      it('answers 401 with a revoked admin token', async () => {
        const token = await adminToken()
        await moderation.t.reset()
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
