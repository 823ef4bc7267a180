// Reports that cannot be used to take a competitor down (docs/decisions/033-reports-that-cost.md):
// the daily caps on reports per account and per address.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REPORTS_PER_ACCOUNT_PER_DAY, REPORTS_PER_ADDRESS_PER_DAY } from '#domain/api/reports.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { refusal } from '#server/errors.ts'
import { clientKey } from '#server/services/rate-limits/counters.ts'
import { liveAd } from '#tests/support/ads.ts'
import { DAY_MS, setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, nextIp, report, fresh } = setupHoldsApp()

describe('daily caps', () => {
  it(`refuses an account's report past ${REPORTS_PER_ACCOUNT_PER_DAY} in 24 hours, from any address`, async () => {
    const owner = await fresh()
    const reporter = await fresh()
    const ids: string[] = []
    for (let i = 0; i <= REPORTS_PER_ACCOUNT_PER_DAY; i++) ids.push(await liveAd(api.t, owner))
    for (const id of ids.slice(0, -1))
      expect((await report(id, 'spam', { auth: reporter.auth })).statusCode).toBe(200)
    const over = await report(ids.at(-1) ?? '', 'spam', { auth: reporter.auth })
    expect(over.statusCode).toBe(429)
    expect(over.json().detail).toBe(
      refusal('report.account_cap', { max: REPORTS_PER_ACCOUNT_PER_DAY }).detail,
    )
    // reports older than a day no longer count
    await api.t.db.update(adReports).set({ at: new Date(Date.now() - DAY_MS - 60_000) })
    expect((await report(ids.at(-1) ?? '', 'spam', { auth: reporter.auth })).statusCode).toBe(200)
  })

  it(`refuses an address's report past ${REPORTS_PER_ADDRESS_PER_DAY} in 24 hours, signed in or not`, async () => {
    const owner = await fresh()
    const ip = nextIp()
    const address = api.t.app.reporterKeys.address(clientKey(ip))
    const earlier = await liveAd(api.t, owner)
    // the day's earlier reports from this address (the per-client rate limit spreads them over the day)
    await api.t.db.insert(adReports).values(
      Array.from({ length: REPORTS_PER_ADDRESS_PER_DAY }, (_, i) => ({
        adId: earlier,
        reporter: `user:00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        address,
        reason: 'spam' as const,
        at: new Date(Date.now() - 60 * 60_000),
      })),
    )
    const id = await liveAd(api.t, owner)
    for (const from of [{ ip }, { ip, auth: (await fresh()).auth }]) {
      const res = await report(id, 'underage', from)
      expect(res.statusCode).toBe(429)
      expect(res.json().detail).toBe(
        refusal('report.address_cap', { max: REPORTS_PER_ADDRESS_PER_DAY }).detail,
      )
    }
    expect(await api.t.db.select().from(adReports).where(eq(adReports.adId, id))).toEqual([])
    expect((await report(id, 'underage')).statusCode).toBe(200)
  })
})
