// "Available now" (issue 42 item 2, docs/decisions/048-advertisers.md): the owner's switch, its
// limits, the public field, the listing's filter, and its end by the app's clock with no job.
import { describe, expect, it } from 'vitest'
import { AVAILABLE_SWITCHES_PER_DAY } from '#domain/available-now.ts'
import { ADMIN, adminTokenOn } from '#tests/support/admin-app.ts'
import { createAd, liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const clock = new TestClock()
const api = setupTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { clock })
const HOUR = 60 * 60_000

function switchOn(headers: Record<string, string>, id: string, payload?: object) {
  return api.t.app.inject({
    method: 'POST',
    url: `/api/ads/${id}/available`,
    headers: { ...headers, ...(payload ? {} : { 'content-type': 'application/json' }) },
    ...(payload ? { payload } : { payload: '{}' }),
  })
}

function switchOff(headers: Record<string, string>, id: string) {
  return api.t.app.inject({ method: 'DELETE', url: `/api/ads/${id}/available`, headers })
}

async function publicAd(id: string) {
  const res = await api.t.app.inject({ method: 'GET', url: `/api/ads/${id}` })
  expect(res.statusCode).toBe(200)
  return res.json<{ availableUntil: string | null }>()
}

async function listedIds(query: string): Promise<string[]> {
  const res = await api.t.app.inject({ method: 'GET', url: `/api/ads?${query}` })
  expect(res.statusCode).toBe(200)
  return res.json<{ items: { id: string }[] }>().items.map((ad) => ad.id)
}

async function listedAd(id: string) {
  const res = await api.t.app.inject({ method: 'GET', url: '/api/ads?province=QC' })
  return res
    .json<{ items: { id: string; availableUntil: string | null }[] }>()
    .items.find((ad) => ad.id === id)
}

async function adminAuth(): Promise<Record<string, string>> {
  return { authorization: `Bearer ${await adminTokenOn(api.t)}` }
}

async function ownerWithLiveAd(): Promise<{ owner: Member; id: string }> {
  const owner = await member(api.t)
  return { owner, id: await liveAd(api.t, owner) }
}

describe('switching Available now on and off', () => {
  it('makes the owner’s live ad available for 3 hours by default, shown in every public answer', async () => {
    const { owner, id } = await ownerWithLiveAd()
    expect((await publicAd(id)).availableUntil).toBeNull()
    const res = await switchOn(owner.auth, id)
    expect(res.statusCode).toBe(200)
    const until = new Date(clock.now().getTime() + 3 * HOUR).toISOString()
    expect(res.json()).toMatchObject({ id, availableUntil: until })
    expect((await publicAd(id)).availableUntil).toBe(until)
    expect((await listedAd(id))?.availableUntil).toBe(until)
  })

  it('takes the hours asked from 1 to 12 and refuses others with a code', async () => {
    const { owner, id } = await ownerWithLiveAd()
    const twelve = await switchOn(owner.auth, id, { hours: 12 })
    expect(twelve.json().availableUntil).toBe(new Date(clock.now().getTime() + 12 * HOUR).toISOString())
    for (const hours of [0, 13, 2.5]) {
      const refused = await switchOn(owner.auth, id, { hours })
      expect(refused.statusCode).toBe(400)
      expect(refused.json()).toMatchObject({ code: 'request.invalid' })
      expect(refused.json().issues).toEqual([
        expect.objectContaining({ field: 'hours', code: 'request.one_of' }),
      ])
    }
  })

  it('answers 404 to another member, 401 signed out and to an admin, and leaves the ad as it was', async () => {
    const { id } = await ownerWithLiveAd()
    const other = await member(api.t)
    expect((await switchOn(other.auth, id)).statusCode).toBe(404)
    expect((await switchOff(other.auth, id)).statusCode).toBe(404)
    expect((await switchOn({}, id)).statusCode).toBe(401)
    expect((await switchOff({}, id)).statusCode).toBe(401)
    const admin = await adminAuth()
    expect((await switchOn(admin, id)).statusCode).toBe(401)
    expect((await switchOff(admin, id)).statusCode).toBe(401)
    expect((await switchOn(other.auth, 'zzzzzzzzzzzz')).statusCode).toBe(404)
    expect((await publicAd(id)).availableUntil).toBeNull()
  })

  it('refuses an ad that is not live with a code', async () => {
    const owner = await member(api.t)
    const unpaid = await createAd(api.t, owner)
    const res = await switchOn(owner.auth, unpaid)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'ad.available_not_live' })
  })

  it('switches off at once, and switching off an ad that is not available is harmless', async () => {
    const { owner, id } = await ownerWithLiveAd()
    expect((await switchOff(owner.auth, id)).json()).toMatchObject({ availableUntil: null })
    await switchOn(owner.auth, id)
    const off = await switchOff(owner.auth, id)
    expect(off.statusCode).toBe(200)
    expect(off.json()).toMatchObject({ availableUntil: null })
    expect((await publicAd(id)).availableUntil).toBeNull()
  })

  it(`allows ${AVAILABLE_SWITCHES_PER_DAY} switches a day per ad, then 429 with words in both languages`, async () => {
    const { owner, id } = await ownerWithLiveAd()
    for (let i = 0; i < AVAILABLE_SWITCHES_PER_DAY; i++) {
      expect((await switchOn(owner.auth, id, { hours: 1 })).statusCode).toBe(200)
      expect((await switchOff(owner.auth, id)).statusCode).toBe(200)
    }
    const refused = await switchOn(owner.auth, id, { hours: 1 })
    expect(refused.statusCode).toBe(429)
    expect(refused.json()).toMatchObject({ code: 'ad.available_limit' })
    expect(refused.json().detail).toContain('24 hours')
    const french = await switchOn({ ...owner.auth, 'accept-language': 'fr-CA' }, id, { hours: 1 })
    expect(french.json().detail).toContain('24 heures')
    expect((await publicAd(id)).availableUntil).toBeNull()
    // another ad of the same owner has its own count; a day later this one may switch again
    const second = await liveAd(api.t, owner)
    expect((await switchOn(owner.auth, second)).statusCode).toBe(200)
    clock.advance(24 * HOUR + 60_000)
    expect((await switchOn(owner.auth, id, { hours: 1 })).statusCode).toBe(200)
  })
})

describe('the Available now filter and its end', () => {
  it('lists only ads available now, at once after a switch even when the listing was just read', async () => {
    const { owner, id } = await ownerWithLiveAd()
    const { id: other } = await ownerWithLiveAd()
    // read first, so the listing is kept in the answer caches: the switch must void it as an edit does
    expect(await listedIds('province=QC&available=true')).toEqual([])
    await switchOn(owner.auth, id)
    expect(await listedIds('province=QC&available=true')).toEqual([id])
    expect(await listedIds('province=QC')).toEqual(expect.arrayContaining([id, other]))
    await switchOff(owner.auth, id)
    expect(await listedIds('province=QC&available=true')).toEqual([])
  })

  it('ends by itself when the app’s clock passes its moment, with the cached answers read before', async () => {
    const { owner, id } = await ownerWithLiveAd()
    await switchOn(owner.auth, id, { hours: 2 })
    expect(await listedIds('province=QC&available=true')).toEqual([id])
    expect((await listedAd(id))?.availableUntil).not.toBeNull()
    clock.advance(2 * HOUR - 1_000)
    expect(await listedIds('province=QC&available=true')).toEqual([id])
    expect((await publicAd(id)).availableUntil).not.toBeNull()
    clock.advance(2_000)
    expect(await listedIds('province=QC&available=true')).toEqual([])
    expect((await listedAd(id))?.availableUntil).toBeNull()
    expect((await publicAd(id)).availableUntil).toBeNull()
    const mine = await api.t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })
    expect(mine.json().items[0]).toMatchObject({ id, availableUntil: null })
  })
})
