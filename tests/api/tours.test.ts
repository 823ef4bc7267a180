// Touring (issue 42 item 3, docs/decisions/060-touring.md): the owner's visits, their rules, the
// listing, search and sitemap treating a visiting ad as listed there, and the visit's start and end
// by the app's clock with no job.
import { describe, expect, it } from 'vitest'
import { TOUR_MAX_DAYS, TOUR_MAX_DAYS_AHEAD, TOUR_TIME_ZONES, todayIn, tourSpan } from '#domain/tours.ts'
import { ADMIN, adminTokenOn } from '#tests/support/admin-app.ts'
import { createAd, liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const clock = new TestClock()
const api = setupTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password }, { clock })
const DAY = 24 * 60 * 60_000

/** The date `days` after today on Alberta's clock, YYYY-MM-DD. */
function albertaDay(days: number): string {
  const today = todayIn(TOUR_TIME_ZONES.AB, clock.now())
  return new Date((today + days) * DAY).toISOString().slice(0, 10)
}

function calgary(from: number, to: number) {
  return { province: 'AB', city: 'Calgary', from: albertaDay(from), to: albertaDay(to) }
}

function putTours(headers: Record<string, string>, id: string, payload: unknown) {
  return api.t.app.inject({
    method: 'PUT',
    url: `/api/ads/${id}/tours`,
    headers,
    payload: JSON.stringify(payload),
  })
}

const json = { 'content-type': 'application/json' }

async function ownerWithLiveAd(): Promise<{ owner: Member; id: string; auth: Record<string, string> }> {
  const owner = await member(api.t)
  return { owner, id: await liveAd(api.t, owner), auth: { ...owner.auth, ...json } }
}

async function listedIds(query: string): Promise<string[]> {
  const res = await api.t.app.inject({ method: 'GET', url: `/api/ads?${query}` })
  expect(res.statusCode).toBe(200)
  return res.json<{ items: { id: string }[] }>().items.map((ad) => ad.id)
}

async function publicTours(id: string) {
  const res = await api.t.app.inject({ method: 'GET', url: `/api/ads/${id}` })
  expect(res.statusCode).toBe(200)
  return res.json<{ tours: { city: string; from: string; to: string; startsAt: string; endsAt: string }[] }>()
    .tours
}

describe('the owner’s visits', () => {
  it('replaces the list and answers the ad with its visits, soonest first, in every public answer', async () => {
    const { id, auth } = await ownerWithLiveAd()
    const res = await putTours(auth, id, [calgary(10, 12), { ...calgary(2, 4), city: 'calgary' }])
    expect(res.statusCode).toBe(200)
    const tours = res.json().tours
    expect(tours.map((t: { city: string; from: string }) => [t.city, t.from])).toEqual([
      ['Calgary', albertaDay(2)],
      ['Calgary', albertaDay(10)],
    ])
    // 00:00 in Alberta on the first day to 00:00 after the last
    const span = tourSpan({ province: 'AB', from: albertaDay(2), to: albertaDay(4) })
    expect(tours[0]).toMatchObject({
      startsAt: span.startsAt.toISOString(),
      endsAt: span.endsAt.toISOString(),
    })
    expect(await publicTours(id)).toHaveLength(2)
    const mine = await api.t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: auth })
    expect(mine.json().items[0].tours).toHaveLength(2)
    expect((await putTours(auth, id, [])).json().tours).toEqual([])
    expect(await publicTours(id)).toEqual([])
  })

  it('answers 404 to another member, 401 signed out and to an admin, and leaves the visits as they were', async () => {
    const { id, auth } = await ownerWithLiveAd()
    await putTours(auth, id, [calgary(1, 2)])
    const other = await member(api.t)
    expect((await putTours({ ...other.auth, ...json }, id, [])).statusCode).toBe(404)
    expect((await putTours(json, id, [])).statusCode).toBe(401)
    const admin = { authorization: `Bearer ${await adminTokenOn(api.t)}`, ...json }
    expect((await putTours(admin, id, [])).statusCode).toBe(401)
    expect((await putTours({ ...other.auth, ...json }, 'zzzzzzzzzzzz', [])).statusCode).toBe(404)
    expect(await publicTours(id)).toHaveLength(1)
  })

  it('refuses six visits, a visit too long, too far ahead, over, backwards or in an unknown city', async () => {
    const { id, auth } = await ownerWithLiveAd()
    const six = await putTours(
      auth,
      id,
      Array.from({ length: 6 }, (_, i) => calgary(i * 2, i * 2)),
    )
    expect(six.statusCode).toBe(400)
    expect(six.json().code).toBe('request.invalid')
    const refusals: [unknown, string][] = [
      [calgary(1, TOUR_MAX_DAYS + 1), 'ad.tour_too_long'],
      [calgary(TOUR_MAX_DAYS_AHEAD + 1, TOUR_MAX_DAYS_AHEAD + 2), 'ad.tour_too_far'],
      [calgary(-3, -1), 'ad.tour_past'],
      [calgary(4, 3), 'ad.tour_order'],
      [{ ...calgary(1, 2), from: '2026-02-30' }, 'ad.tour_date'],
      [{ ...calgary(1, 2), city: 'Atlantis' }, 'ad.tour_city_unknown'],
      // a real place, but in another province
      [{ ...calgary(1, 2), city: 'Halifax' }, 'ad.tour_city_unknown'],
    ]
    for (const [tour, code] of refusals) {
      const res = await putTours(auth, id, [tour])
      expect(res.statusCode, code).toBe(422)
      expect(res.json().code).toBe(code)
    }
    const shape = await putTours(auth, id, [{ province: 'XX', city: 'Calgary', from: 'soon', to: 'later' }])
    expect(shape.statusCode).toBe(400)
    expect(shape.json().code).toBe('request.invalid')
    const french = await putTours({ ...auth, 'accept-language': 'fr-CA' }, id, [
      calgary(1, TOUR_MAX_DAYS + 1),
    ])
    expect(french.json().detail).toContain('jours')
    // fourteen days, starting on the 60th, is the longest and farthest allowed
    const edge = calgary(TOUR_MAX_DAYS_AHEAD, TOUR_MAX_DAYS_AHEAD + TOUR_MAX_DAYS - 1)
    expect((await putTours(auth, id, [edge])).statusCode).toBe(200)
  })

  it('keeps a visit already under way when the list is written again', async () => {
    const { id, auth } = await ownerWithLiveAd()
    expect((await putTours(auth, id, [calgary(-1, 2)])).statusCode).toBe(200)
    expect(await publicTours(id)).toHaveLength(1)
  })
})

describe('a visiting ad is listed where it visits, during the visit only', () => {
  it('joins Calgary’s listing, search and sitemap when the visit starts and leaves them when it ends', async () => {
    const { id, auth } = await ownerWithLiveAd()
    const { id: stay } = await ownerWithLiveAd()
    await putTours(auth, id, [calgary(2, 3)])
    const span = tourSpan({ province: 'AB', from: albertaDay(2), to: albertaDay(3) })
    // read first, so the listings are kept in the answer caches: the start must void them
    expect(await listedIds('province=AB&city=Calgary')).toEqual([])
    expect(await listedIds('province=AB')).toEqual([])
    const sitemap = async () => (await api.t.app.inject({ method: 'GET', url: '/sitemap.xml' })).body
    expect(await sitemap()).not.toContain('city=Calgary')

    clock.advance(span.startsAt.getTime() - clock.now().getTime() + 60_000)
    expect(await listedIds('province=AB&city=Calgary')).toEqual([id])
    expect(await listedIds('province=AB')).toEqual([id])
    expect(await listedIds('province=ALL&city=calgary')).toEqual([id])
    expect(await listedIds('province=AB&city=Calgary&q=robe&category=adult-buy-sell')).toEqual([id])
    expect(await listedIds('province=AB&city=Edmonton')).toEqual([])
    // still listed at home too
    expect((await listedIds('province=QC&city=Montréal')).sort()).toEqual([id, stay].sort())
    expect(await sitemap()).toContain('/ca/AB/adult-buy-sell?city=Calgary')
    const [tour] = await publicTours(id)
    expect(tour?.startsAt).toBe(span.startsAt.toISOString())

    clock.advance(span.endsAt.getTime() - clock.now().getTime())
    expect(await listedIds('province=AB&city=Calgary')).toEqual([])
    expect(await listedIds('province=AB')).toEqual([])
    expect(await publicTours(id)).toEqual([])
    expect(await sitemap()).not.toContain('city=Calgary')
  })

  it('lists no visit of an ad that is not live', async () => {
    const owner = await member(api.t)
    const unpaid = await createAd(api.t, owner)
    expect((await putTours({ ...owner.auth, ...json }, unpaid, [calgary(0, 1)])).statusCode).toBe(200)
    expect(await listedIds('province=AB&city=Calgary')).toEqual([])
  })
})
