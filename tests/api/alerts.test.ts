// Saved-search alerts by e-mail (issue 41 item 3, docs/decisions/054-alerts.md): a published ad that
// matches a search mails its owner once per search and ad, at once or in a daily digest, in their
// language, never about their own ad nor about one held by the time the mail leaves, with a one-click
// unsubscribe that needs no session.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { AlertsPaths } from '#domain/api/alerts.ts'
import type { SavedSearchCreate } from '#domain/api/saved-searches.ts'
import { SavedSearchesPaths } from '#domain/api/saved-searches-paths.ts'
import { ads } from '#server/db/schema/ads.ts'
import { alertDeliveries } from '#server/db/schema/alerts.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { savedSearches } from '#server/db/schema/saved-searches.ts'
import { users } from '#server/db/schema/users.ts'
import { liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const clock = new TestClock()
const api = setupTestApp({}, { clock })
const DAY_MS = 24 * 60 * 60_000

const silkInMontreal: SavedSearchCreate = {
  province: 'QC',
  category: 'adult-buy-sell',
  city: 'Montréal',
  q: 'silk',
  alert: 'email',
  frequency: 'instant',
}

async function save(m: Member, search: SavedSearchCreate): Promise<string> {
  const res = await api.t.app.inject({
    method: 'POST',
    url: `/api${SavedSearchesPaths.list}`,
    headers: m.auth,
    payload: search,
  })
  expect(res.statusCode, res.body).toBe(201)
  return res.json<{ id: string }>().id
}

async function emailOf(m: Member): Promise<string> {
  const [row] = await api.t.db.select({ email: users.email }).from(users).where(eq(users.id, m.id))
  if (!row) throw new Error('no such member')
  return row.email
}

async function mailsTo(m: Member) {
  return api.t.db
    .select()
    .from(outbox)
    .where(eq(outbox.to, await emailOf(m)))
}

/** Past the moment the ads were published (the machine's clock), then every due job. */
async function runJobs(ms = 60_000): Promise<void> {
  clock.advance(ms)
  await api.t.app.jobs.runDue()
  await api.t.app.jobs.runDue()
}

let titles = 0
function silkAd(): { title: string } {
  titles += 1
  return { title: `Silk robe number ${titles} ${'abcdefghij'[titles % 10]}` }
}

describe('alerts by e-mail', () => {
  it('mails an instant alert once, naming the search and linking the ad, with a one-click unsubscribe', async () => {
    const reader = await member(api.t)
    const seller = await member(api.t)
    await save(reader, silkInMontreal)
    // the seller's own search never hears of the seller's ads
    await save(seller, silkInMontreal)
    const adId = await liveAd(api.t, seller, silkAd())
    await runJobs()
    await runJobs()
    const mails = await mailsTo(reader)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail?.subject).toBe('New ad: Montréal · Adult Buy & Sell · "silk"')
    expect(mail?.text).toContain('your search "Montréal · Adult Buy & Sell · "silk""')
    expect(mail?.text).toContain(`/ca/QC/adult-buy-sell/${adId}-`)
    expect(mail?.link).toContain(`/ca/QC/adult-buy-sell/${adId}-`)
    expect(mail?.text).toContain('/api/searches/unsubscribe?token=')
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(/^<http.*\/api\/searches\/unsubscribe\?token=.+>$/)
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click')
    expect(await mailsTo(seller)).toHaveLength(0)
    const deliveries = await api.t.db.select().from(alertDeliveries).where(eq(alertDeliveries.adId, adId))
    expect(deliveries).toHaveLength(1)
    expect(deliveries[0]?.emailAt).not.toBeNull()
  })

  it('sends nothing for a search without an alert or one that does not match', async () => {
    const reader = await member(api.t)
    const seller = await member(api.t)
    await save(reader, { ...silkInMontreal, alert: 'none' })
    await save(reader, { ...silkInMontreal, city: 'Québec' })
    await liveAd(api.t, seller, silkAd())
    await runJobs()
    expect(await mailsTo(reader)).toHaveLength(0)
  })

  it('gathers a daily digest in the account’s language, one mail for two ads, the next day', async () => {
    const reader = await member(api.t)
    await api.t.db.update(users).set({ language: 'fr' }).where(eq(users.id, reader.id))
    const seller = await member(api.t)
    await save(reader, { ...silkInMontreal, frequency: 'daily' })
    await liveAd(api.t, seller, silkAd())
    await liveAd(api.t, seller, silkAd())
    await runJobs()
    expect(await mailsTo(reader)).toHaveLength(0)
    await runJobs(DAY_MS)
    const mails = await mailsTo(reader)
    expect(mails).toHaveLength(1)
    expect(mails[0]?.subject).toBe('2 nouvelles annonces : Montréal · Achat et vente pour adultes · « silk »')
    expect(mails[0]?.text).toContain('Ne plus recevoir ces courriels')
    await runJobs(DAY_MS)
    expect(await mailsTo(reader)).toHaveLength(1)
  })

  it('does not mail about an ad held by the time the digest leaves', async () => {
    const reader = await member(api.t)
    const seller = await member(api.t)
    await save(reader, { ...silkInMontreal, frequency: 'daily' })
    const adId = await liveAd(api.t, seller, silkAd())
    await runJobs()
    await api.t.db.update(ads).set({ status: 'held' }).where(eq(ads.id, adId))
    await runJobs(DAY_MS)
    expect(await mailsTo(reader)).toHaveLength(0)
    const [delivery] = await api.t.db.select().from(alertDeliveries).where(eq(alertDeliveries.adId, adId))
    expect(delivery?.emailSkipped).toBe('ad_not_listed')
  })

  it('turns the e-mail off from the link without a session, by GET or POST, and refuses a forged token', async () => {
    const reader = await member(api.t)
    const seller = await member(api.t)
    const both = await save(reader, { ...silkInMontreal, alert: 'both' })
    const email = await save(reader, { ...silkInMontreal, city: 'Laval' })
    await liveAd(api.t, seller, silkAd())
    await liveAd(api.t, seller, { ...silkAd(), city: 'Laval' })
    await runJobs()
    await runJobs()
    const mails = await mailsTo(reader)
    expect(mails).toHaveLength(2)
    const tokenOf = (searchId: string) => {
      const mail = mails.find(
        (m) => m.text.includes(encodeURIComponent(searchId)) || m.text.includes(searchId),
      )
      const url = new URL(
        /(http\S+\/api\/searches\/unsubscribe\?token=\S+)/.exec(mail?.text ?? '')?.[1] ?? '',
      )
      return url.searchParams.get('token') ?? ''
    }
    // a browser opening the link gets a page, in the account's language
    await api.t.db.update(users).set({ language: 'fr' }).where(eq(users.id, reader.id))
    const get = await api.t.app.inject({
      method: 'GET',
      url: `/api${AlertsPaths.unsubscribe}?token=${encodeURIComponent(tokenOf(both))}`,
      headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' },
    })
    expect(get.statusCode, get.body).toBe(200)
    expect(get.headers['content-type']).toMatch(/^text\/html/)
    expect(get.body).toContain('Alerte par courriel désactivée')
    expect(get.body).toContain('href="/searches?lang=fr"')
    const post = await api.t.app.inject({
      method: 'POST',
      url: `/api${AlertsPaths.unsubscribe}?token=${encodeURIComponent(tokenOf(email))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    })
    expect(post.statusCode, post.body).toBe(200)
    const alerts = await api.t.db
      .select({ id: savedSearches.id, alert: savedSearches.alert })
      .from(savedSearches)
      .where(and(eq(savedSearches.userId, reader.id)))
    expect(Object.fromEntries(alerts.map((a) => [a.id, a.alert]))).toEqual({
      [both]: 'push',
      [email]: 'none',
    })
    const forged = await api.t.app.inject({
      method: 'GET',
      url: `/api${AlertsPaths.unsubscribe}?token=${both}.${'0'.repeat(32)}`,
    })
    expect(forged.statusCode).toBe(404)
    expect(forged.json()).toMatchObject({ code: 'search.not_found' })
  })
})
