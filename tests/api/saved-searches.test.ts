// Saved searches (issue 41 item 2, docs/decisions/052-saved-searches.md): a signed-in user keeps up to
// 20 listing searches, saving one twice keeps it once, each counts the matching ads published since it
// was last opened, nobody reaches another's, and the export and account deletion include them.
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { PrivacyPaths } from '#domain/api/privacy.ts'
import {
  type SavedSearchCreate,
  SavedSearchListSchema,
  SavedSearchSchema,
} from '#domain/api/saved-searches.ts'
import { MAX_SAVED_SEARCHES, SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { savedSearches } from '#server/db/schema/saved-searches.ts'
import { liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const api = setupTestApp()

const silkInToronto: SavedSearchCreate = {
  province: 'ON',
  category: 'adult-buy-sell',
  city: 'Toronto',
  q: 'silk',
  alert: 'none',
  frequency: 'daily',
}

function save(m: Member, search: SavedSearchCreate) {
  return api.t.app.inject({
    method: 'POST',
    url: `/api${SavedSearchesPaths.list}`,
    headers: m.auth,
    payload: search,
  })
}

async function saved(m: Member, search: SavedSearchCreate) {
  const res = await save(m, search)
  expect(res.statusCode, res.body).toBeLessThan(300)
  return SavedSearchSchema.parse(res.json())
}

async function list(m: Member) {
  const res = await api.t.app.inject({
    method: 'GET',
    url: `/api${SavedSearchesPaths.list}`,
    headers: m.auth,
  })
  expect(res.statusCode).toBe(200)
  return SavedSearchListSchema.parse(res.json()).items
}

function opened(m: Member, id: string) {
  return api.t.app.inject({ method: 'POST', url: `/api${SavedSearchesPaths.opened(id)}`, headers: m.auth })
}

describe('saved searches', () => {
  it('answers 401 to every saved-search route without a session', async () => {
    const owner = await member(api.t)
    const { id } = await saved(owner, silkInToronto)
    const calls = [
      { method: 'GET' as const, url: `/api${SavedSearchesPaths.list}` },
      { method: 'POST' as const, url: `/api${SavedSearchesPaths.list}`, payload: silkInToronto },
      { method: 'PATCH' as const, url: `/api${SavedSearchesPaths.one(id)}`, payload: { alert: 'email' } },
      { method: 'DELETE' as const, url: `/api${SavedSearchesPaths.one(id)}` },
      { method: 'POST' as const, url: `/api${SavedSearchesPaths.opened(id)}` },
    ]
    for (const call of calls) {
      const res = await api.t.app.inject(call)
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(401)
    }
    expect(await api.t.db.select().from(savedSearches)).toHaveLength(1)
  })

  it('saves a search with its fields and alert, and lists it with nothing new yet', async () => {
    const me = await member(api.t)
    const res = await save(me, { ...silkInToronto, verified: true, alert: 'both', frequency: 'instant' })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      id: expect.any(String),
      province: 'ON',
      category: 'adult-buy-sell',
      city: 'Toronto',
      q: 'silk',
      escortType: null,
      verified: true,
      alert: 'both',
      frequency: 'instant',
      newSince: 0,
    })
    expect(await list(me)).toEqual([res.json()])
  })

  it('keeps the same search once however it is spelled, and answers the one kept', async () => {
    const me = await member(api.t)
    const first = await save(me, { ...silkInToronto, q: 'Silk', city: 'Montréal', province: 'QC' })
    expect(first.statusCode).toBe(201)
    const again = await save(me, {
      ...silkInToronto,
      q: '  silk ',
      city: 'montreal',
      province: 'qc',
      alert: 'email',
    })
    expect(again.statusCode).toBe(200)
    expect(again.json()).toEqual(first.json())
    // a companion type outside the companions category is not part of the search
    const withType = await save(me, {
      ...silkInToronto,
      q: 'Silk',
      city: 'Montréal',
      province: 'QC',
      escortType: 'male-companion',
    })
    expect(withType.json().id).toBe(first.json().id)
    expect(await list(me)).toHaveLength(1)
  })

  it('refuses a 21st search with 409 search.limit, but still answers one already kept', async () => {
    const me = await member(api.t)
    for (let i = 0; i < MAX_SAVED_SEARCHES; i++) await saved(me, { ...silkInToronto, q: `word${i}` })
    const refused = await save(me, { ...silkInToronto, q: 'one too many' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toMatchObject({ code: 'search.limit', params: { max: MAX_SAVED_SEARCHES } })
    expect((await save(me, { ...silkInToronto, q: 'word3' })).statusCode).toBe(200)
    expect(await list(me)).toHaveLength(MAX_SAVED_SEARCHES)
    // another account has its own 20
    expect((await save(await member(api.t), silkInToronto)).statusCode).toBe(201)
  })

  it('keeps at most 20 when saves race, and one row when the same search is saved at once', async () => {
    const me = await member(api.t)
    for (let i = 0; i < MAX_SAVED_SEARCHES - 1; i++) await saved(me, { ...silkInToronto, q: `word${i}` })
    const racing = await Promise.all(
      ['a', 'b', 'c', 'd', 'e'].map((q) => save(me, { ...silkInToronto, q: `racing ${q}` })),
    )
    expect(racing.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409])
    expect(await list(me)).toHaveLength(MAX_SAVED_SEARCHES)

    const other = await member(api.t)
    const same = await Promise.all([1, 2, 3, 4].map(() => save(other, silkInToronto)))
    expect(same.map((res) => res.statusCode).sort()).toEqual([200, 200, 200, 201])
    expect(new Set(same.map((res) => res.json().id)).size).toBe(1)
    expect(await list(other)).toHaveLength(1)
  })

  it('refuses a search that is not a listing’s with 400', async () => {
    const me = await member(api.t)
    for (const bad of [
      { ...silkInToronto, province: 'XX' },
      { ...silkInToronto, category: 'nope' },
      { ...silkInToronto, alert: 'sms' },
      { ...silkInToronto, frequency: 'hourly' },
      { ...silkInToronto, q: 'x'.repeat(201) },
    ]) {
      const res = await save(me, bad as SavedSearchCreate)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
    }
    expect(await list(me)).toEqual([])
  })

  it('changes the alert and the frequency, and nothing else', async () => {
    const me = await member(api.t)
    const kept = await saved(me, silkInToronto)
    const res = await api.t.app.inject({
      method: 'PATCH',
      url: `/api${SavedSearchesPaths.one(kept.id)}`,
      headers: me.auth,
      payload: { alert: 'push', frequency: 'instant' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...kept, alert: 'push', frequency: 'instant' })
    expect(await list(me)).toEqual([{ ...kept, alert: 'push', frequency: 'instant' }])
  })

  it("answers 404 to another user's search, and leaves it be", async () => {
    const alice = await member(api.t)
    const bob = await member(api.t)
    const kept = await saved(alice, silkInToronto)
    const one = `/api${SavedSearchesPaths.one(kept.id)}`
    const calls = [
      { method: 'DELETE' as const, url: one },
      { method: 'PATCH' as const, url: one, payload: { alert: 'email' } },
      { method: 'POST' as const, url: `/api${SavedSearchesPaths.opened(kept.id)}` },
      { method: 'DELETE' as const, url: `/api${SavedSearchesPaths.one('not-a-uuid')}` },
    ]
    for (const call of calls) {
      const res = await api.t.app.inject({ ...call, headers: bob.auth })
      expect(res.statusCode, `${call.method} ${call.url}`).toBe(404)
      expect(res.json().code).toBe('search.not_found')
    }
    expect(await list(bob)).toEqual([])
    expect(await list(alice)).toEqual([kept])
  })

  it('deletes a search, and a second delete is 404', async () => {
    const me = await member(api.t)
    const kept = await saved(me, silkInToronto)
    const url = `/api${SavedSearchesPaths.one(kept.id)}`
    expect((await api.t.app.inject({ method: 'DELETE', url, headers: me.auth })).statusCode).toBe(204)
    expect((await api.t.app.inject({ method: 'DELETE', url, headers: me.auth })).statusCode).toBe(404)
    expect(await list(me)).toEqual([])
  })

  it('counts the matching ads published after the search was last opened, as the listing matches them', async () => {
    const seller = await member(api.t)
    const me = await member(api.t)
    const before = await liveAd(api.t, seller, { title: 'Silk scarf', province: 'ON', city: 'Toronto' })
    const kept = await saved(me, silkInToronto)
    const all = await saved(me, {
      province: 'ALL',
      category: 'adult-buy-sell',
      alert: 'none',
      frequency: 'daily',
    })
    expect((await list(me)).map((s) => s.newSince)).toEqual([0, 0])

    await liveAd(api.t, seller, { title: 'Silk robe', province: 'ON', city: 'toronto' })
    await liveAd(api.t, seller, { title: 'Lace robe', province: 'ON', city: 'Toronto' })
    await liveAd(api.t, seller, { title: 'Silk gloves', province: 'QC', city: 'Montréal' })
    // a partial word matches as in the listing
    await liveAd(api.t, seller, { title: 'Silky nightgown', province: 'ON', city: 'Toronto' })
    const counts = new Map((await list(me)).map((s) => [s.id, s.newSince]))
    expect(counts.get(kept.id)).toBe(2)
    expect(counts.get(all.id)).toBe(4)

    // the listing's own count for the same search agrees
    const listing = await api.t.app.inject({
      method: 'GET',
      url: '/api/ads?province=ON&category=adult-buy-sell&city=Toronto&q=silk',
    })
    expect(listing.json().total).toBe(3)
    expect(listing.json().items.map((ad: { id: string }) => ad.id)).toContain(before)

    expect((await opened(me, kept.id)).statusCode).toBe(204)
    const after = new Map((await list(me)).map((s) => [s.id, s.newSince]))
    expect(after.get(kept.id)).toBe(0)
    expect(after.get(all.id)).toBe(4)
    await liveAd(api.t, seller, { title: 'Silk sheets', province: 'ON', city: 'Toronto' })
    expect((await list(me)).find((s) => s.id === kept.id)?.newSince).toBe(1)
  })

  it("puts a user's saved searches, and nobody else's, in their data export", async () => {
    const me = await member(api.t)
    await saved(me, { ...silkInToronto, alert: 'email' })
    await saved(await member(api.t), { ...silkInToronto, q: 'not mine' })
    const res = await api.t.app.inject({ method: 'GET', url: `/api${PrivacyPaths.export}`, headers: me.auth })
    expect(res.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const json = JSON.parse(
      Buffer.from(files['maple-after-dark-data/saved-searches.json'] ?? []).toString('utf8'),
    )
    expect(json).toEqual({
      searches: [
        {
          province: 'ON',
          category: 'adult-buy-sell',
          city: 'Toronto',
          words: 'silk',
          companion_type: null,
          verified_only: false,
          alert: 'email',
          frequency: 'daily',
          saved_at: expect.any(String),
          last_opened_at: expect.any(String),
        },
      ],
    })
  })

  it("removes a user's saved searches with their account", async () => {
    const me = await member(api.t, { password: 'correct horse battery staple' })
    await saved(me, silkInToronto)
    const res = await api.t.app.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: me.auth,
      payload: { password: 'correct horse battery staple' },
    })
    expect(res.statusCode).toBe(204)
    expect(await api.t.db.select().from(savedSearches).where(eq(savedSearches.userId, me.id))).toEqual([])
  })
})
