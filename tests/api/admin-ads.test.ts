import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { AdStatus } from '#domain/ad-status.ts'
import { ADMIN_ADS_PAGE_SIZE, type AdminAd } from '#domain/api/admin-ads.ts'
import { ReportPaths } from '#domain/api/reports.ts'
import { ads } from '#server/db/schema/ads.ts'
import { users } from '#server/db/schema/users.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { createAd, expire, liveAd, type Member, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp
let admin: { authorization: string }

beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t.close())
beforeEach(async () => {
  await t.reset()
  admin = { authorization: `Bearer ${await createAdminSession(t.db, 'boss')}` }
})

interface Page {
  items: AdminAd[]
  total: number
  page: number
  pages: number
}

function search(params: Record<string, string>, headers: Record<string, string> = admin) {
  return t.app.inject({ method: 'GET', url: `/api${ReportPaths.ads}`, query: params, headers })
}

async function found(params: Record<string, string>): Promise<Page> {
  const res = await search(params)
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Page>()
}

const ids = (page: Page) => page.items.map((a) => a.id).sort()

async function withEmail(m: Member, email: string): Promise<Member> {
  await t.db.update(users).set({ email }).where(eq(users.id, m.id))
  return m
}

/** A row written directly, for pages of ads and for demo ads, which belong to nobody. */
async function insertAd(values: { title: string; createdAt?: Date; ownerId?: string; demo?: boolean }) {
  const id = randomBytes(6).toString('hex')
  await t.db.insert(ads).values({
    id,
    category: 'adult-buy-sell',
    province: 'ON',
    city: 'Toronto',
    priceUnit: 'per_unit',
    status: 'pending_payment',
    ...values,
  })
  return id
}

describe('the admin search over all ads', () => {
  it('finds ads by title or description in any case and without accents, % taken literally', async () => {
    const owner = await member(t)
    const creme = await liveAd(t, owner, { title: 'Crème brûlée costume' })
    const desc = await liveAd(t, owner, { title: 'Plain robe', description: 'Fait à Québec, 100% soie' })
    await liveAd(t, owner, { title: 'Leather boots' })
    expect(ids(await found({ q: 'CREME brulee' }))).toEqual([creme])
    expect(ids(await found({ q: 'quebec' }))).toEqual([desc])
    expect(ids(await found({ q: '100%' }))).toEqual([desc])
    expect((await found({ q: '%' })).total).toBe(1)
    expect((await found({ q: '_' })).total).toBe(0)
    expect((await found({})).total).toBe(3)
  })

  it("finds ads by part of the owner's email in any case, with the owner's email on each item", async () => {
    const alice = await withEmail(await member(t), 'alice.smith@example.com')
    const bob = await withEmail(await member(t), 'bob_jones@example.org')
    const a = await createAd(t, alice)
    const b = await createAd(t, bob)
    const page = await found({ email: 'ALICE.S' })
    expect(ids(page)).toEqual([a])
    expect(page.items[0]).toMatchObject({ ownerEmail: 'alice.smith@example.com', demo: false })
    expect(ids(await found({ email: 'bob_' }))).toEqual([b])
    // _ is literal: it does not match the '.' of alice.smith
    expect(ids(await found({ email: 'alice_' }))).toEqual([])
  })

  it('filters by the status people see: a live ad past its expiry is expired, not live', async () => {
    const owner = await member(t)
    const live = await liveAd(t, owner)
    const lapsed = await liveAd(t, owner)
    await expire(t, lapsed)
    const pending = await createAd(t, owner)
    const removed = await liveAd(t, owner)
    const res = await t.app.inject({
      method: 'POST',
      url: `/api${ReportPaths.action(removed, 'remove')}`,
      headers: admin,
      payload: { reason: 'Scam' },
    })
    expect(res.statusCode).toBe(204)
    const byStatus = async (status: AdStatus) => ids(await found({ status }))
    expect(await byStatus('live')).toEqual([live])
    expect(await byStatus('expired')).toEqual([lapsed])
    expect(await byStatus('pending_payment')).toEqual([pending])
    expect(await byStatus('removed')).toEqual([removed])
    expect(await byStatus('held')).toEqual([])
    const all = await found({})
    expect(all.items.find((a) => a.id === lapsed)?.status).toBe('expired')
    expect(all.items.find((a) => a.id === removed)).toMatchObject({ removalReason: 'Scam', reporters: 0 })
  })

  it('combines text, email and status', async () => {
    const alice = await withEmail(await member(t), 'alice@example.com')
    const bob = await withEmail(await member(t), 'bob@example.com')
    const wanted = await liveAd(t, alice, { title: 'Silk robe' })
    await createAd(t, alice, { title: 'Silk robe' })
    await liveAd(t, alice, { title: 'Boots' })
    await liveAd(t, bob, { title: 'Silk robe' })
    expect(ids(await found({ q: 'silk', email: 'alice', status: 'live' }))).toEqual([wanted])
    expect((await found({ q: 'silk', email: 'alice' })).total).toBe(2)
  })

  it('pages 20 at a time, newest created first, a page past the end reading as the last', async () => {
    const owner = await member(t)
    const start = Date.now() - 100_000
    const made: string[] = []
    for (let i = 0; i < ADMIN_ADS_PAGE_SIZE + 5; i++)
      made.push(
        await insertAd({ title: `Ad ${i}`, ownerId: owner.id, createdAt: new Date(start + i * 1000) }),
      )
    const newest = made.reverse()
    const first = await found({})
    expect(first).toMatchObject({ total: 25, page: 1, pages: 2 })
    expect(first.items.map((a) => a.id)).toEqual(newest.slice(0, 20))
    const second = await found({ page: '2' })
    expect(second.items.map((a) => a.id)).toEqual(newest.slice(20))
    expect(await found({ page: '9' })).toMatchObject({ page: 2, items: second.items })
  })

  it('shows demo ads with no owner email, and counts distinct reporters', async () => {
    const demo = await insertAd({ title: 'Demo robe', demo: true })
    const owner = await member(t)
    const reported = await liveAd(t, owner)
    for (const reporter of [await member(t), await member(t)])
      for (const reason of ['spam', 'other'])
        await t.app.inject({
          method: 'POST',
          url: `/api${ReportPaths.report(reported)}`,
          headers: reporter.auth,
          payload: { reason },
        })
    const page = await found({})
    expect(page.items.find((a) => a.id === demo)).toMatchObject({
      ownerEmail: null,
      demo: true,
      reporters: 0,
    })
    expect(page.items.find((a) => a.id === reported)?.reporters).toBe(2)
    expect((await found({ email: 'example' })).items.map((a) => a.id)).toEqual([reported])
  })

  it('refuses a user token and no token', async () => {
    const user = await member(t)
    for (const headers of [user.auth, {}])
      expect([401, 403]).toContain((await search({}, headers)).statusCode)
  })

  it('refuses bad input with a 400 naming the field', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ status: 'gone' }, 'status'],
      [{ page: '0' }, 'page'],
      [{ page: 'abc' }, 'page'],
      [{ q: 'x'.repeat(201) }, 'q'],
      [{ email: 'a\u0000b' }, 'email'],
    ]
    for (const [params, field] of cases) {
      const res = await search(params)
      expect(res.statusCode, JSON.stringify(params)).toBe(400)
      expect(res.json().detail).toContain(field)
    }
  })

  it('never answers 5xx to any query values', async () => {
    await liveAd(t, await member(t), { title: 'Crème robe' })
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom('%', '_', '\\', "'", '\u0000', '\ud800', 'x'.repeat(500), '-1', '1e999', 'live'),
    )
    await fc.assert(
      fc.asyncProperty(
        fc.record({ q: value, email: value, status: value, page: value }, { requiredKeys: [] }),
        async (params) => {
          const res = await search(params)
          expect(res.statusCode).toBeLessThan(500)
          if (res.statusCode >= 400) expect(typeof res.json().detail).toBe('string')
        },
      ),
      { numRuns: 60 },
    )
  })
})
