import { describe, expect, it } from 'vitest'
import {
  BannedPhraseService,
  LIST_RECHECK_MS,
  seedDefaultPhrases,
} from '#server/services/moderation/banned-phrases.ts'
import { DEFAULT_BANNED_PHRASES } from '#server/services/moderation/default-phrases.ts'
import { setupModerationApp } from '#tests/support/moderation-app.ts'

// The moderation check: the default banned phrases, what the check finds in an ad, and the cached
// matcher that sees another process's change.

const moderation = setupModerationApp()
const { freshIp, check, adminToken, list, add, remove } = moderation

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

    expect(await seedDefaultPhrases(moderation.t.db)).toBe(0)
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
    expect(res.json()).toEqual({ ok: true, matches: [], fields: { title: [], description: [] } })
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
    expect(res.json()).toEqual({ ok: true, matches: [], fields: { title: [], description: [] } })
  })

  it('says in which field each phrase was found, so the form can name it there', async () => {
    const res = await check({ title: 'Lolita dress', description: 'barely legal, lolita style' })
    expect(res.json()).toMatchObject({
      ok: false,
      fields: { title: ['lolita'], description: expect.arrayContaining(['lolita']) },
    })
    expect(res.json().fields.description.length).toBeGreaterThan(1)
  })

  it('accepts a draft without a description', async () => {
    const res = await check({ title: 'Lolita dress' })
    expect(res.json()).toEqual({
      ok: false,
      matches: ['lolita'],
      fields: { title: ['lolita'], description: [] },
    })
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
    expect(limited.json()).toMatchObject({
      detail: expect.stringMatching(/too many requests/i),
      code: expect.any(String),
    })
    // another address is not held back
    expect((await check({ title: 'fine', description: '' })).statusCode).toBe(200)
  })
})

describe('the cached matcher', () => {
  it('sees a change made by another process once the recheck interval has passed', async () => {
    let now = 1_000_000
    // two processes that do not hear each other's news (PostgreSQL without the change feed)
    const here = new BannedPhraseService(moderation.t.db, { now: () => now })
    const elsewhere = new BannedPhraseService(moderation.t.db, { now: () => now })
    expect((await here.check('Quuxly', '')).ok).toBe(true)

    const added = await elsewhere.add('Quuxly')
    expect((await elsewhere.check('Quuxly', '')).ok).toBe(false)
    // still the cached list: no database round trip on every check
    expect((await here.check('Quuxly', '')).ok).toBe(true)

    now += LIST_RECHECK_MS
    expect(await here.check('Quuxly', '')).toEqual({
      ok: false,
      matches: ['Quuxly'],
      fields: { title: ['Quuxly'], description: [] },
    })

    await elsewhere.remove(added.id)
    now += LIST_RECHECK_MS
    expect((await here.check('Quuxly', '')).ok).toBe(true)
  })
})
