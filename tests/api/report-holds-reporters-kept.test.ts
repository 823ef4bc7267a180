// Who reported, kept without keeping who they are (docs/decisions/042-holds-that-hold.md): a report's
// address and e-mail are HMACs under a key the database does not hold, and they outlive the account,
// so deleting it, or signing up again with the same e-mail, leaves one reporter with one history.
import { createHash } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { REPORTS_PER_ACCOUNT_PER_DAY } from '#domain/api/reports.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { clientKey } from '#server/services/rate-limits/counters.ts'
import { liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, report, fresh, status, admin, queue } = setupHoldsApp()

const PASSWORD = 'correct horse battery staple'

async function deleteAccount(m: Member) {
  const res = await api.t.app.inject({
    method: 'DELETE',
    url: '/api/account',
    headers: m.auth,
    payload: { password: PASSWORD },
  })
  expect(res.statusCode).toBe(204)
}

describe('a report keeps its address as a keyed hash', () => {
  it('stores neither the address nor its plain SHA-256, and one /64 is one address', async () => {
    const id = await liveAd(api.t, await fresh())
    await report(id, 'spam', { ip: '203.0.113.7' })
    await report(id, 'spam', { ip: '2001:db8:3:4::1' })
    await report(id, 'spam', { ip: '2001:db8:3:4::2' })
    const rows = await api.t.db.select().from(adReports).where(eq(adReports.adId, id))
    expect(rows).toHaveLength(2)
    const plain = createHash('sha256').update(clientKey('203.0.113.7')).digest('hex')
    const stored = rows.map((r) => r.address)
    expect(stored).not.toContain(plain)
    expect(JSON.stringify(rows)).not.toContain('203.0.113.7')
    expect(stored[0]).toBe(api.t.app.reporterKeys.address(clientKey('203.0.113.7')))
    expect(rows[0]?.reporter).toBe(`client:${stored[0]}`)
  })
})

describe("a deleted account's reports", () => {
  it('keep counting as that reporter and that address: a signed-out report from the same address adds no voice', async () => {
    const owner = await fresh()
    const ip = '198.51.100.23'
    const a = await member(api.t, { password: PASSWORD })
    const id = await liveAd(api.t, owner)
    await report(id, 'underage', { auth: a.auth, ip })
    await deleteAccount(a)
    const [kept] = await api.t.db.select().from(adReports).where(eq(adReports.adId, id))
    expect(kept?.address).toBe(api.t.app.reporterKeys.address(clientKey(ip)))
    expect(kept?.reporter).not.toBe(`user:${a.id}`)
    await report(id, 'underage', { ip })
    expect(await status(id)).toBe('live')
    const [item] = await queue()
    expect(item).toMatchObject({ adId: id, awaitingConfirmation: false })
  })

  it('are still that e-mail: signed up again, it cannot report the same ad twice, nor pass its daily cap', async () => {
    const owner = await fresh()
    const email = 'returning@example.com'
    const a = await member(api.t, { email, password: PASSWORD })
    const ids: string[] = []
    for (let i = 0; i <= REPORTS_PER_ACCOUNT_PER_DAY; i++) ids.push(await liveAd(api.t, owner))
    for (const id of ids.slice(0, REPORTS_PER_ACCOUNT_PER_DAY)) await report(id, 'spam', { auth: a.auth })
    await deleteAccount(a)
    const b = await member(api.t, { email })
    const again = await report(ids[0] ?? '', 'spam', { auth: b.auth, ip: '192.0.2.200' })
    expect(again.json()).toEqual({ already_reported: true })
    const over = await report(ids.at(-1) ?? '', 'spam', { auth: b.auth, ip: '192.0.2.201' })
    expect(over.statusCode).toBe(429)
    expect(over.json()).toMatchObject({ code: 'report.account_cap' })
  })

  it("are still that e-mail's history: dismissed reports follow it into a new account", async () => {
    const owner = await fresh()
    const email = 'history@example.com'
    const a = await member(api.t, { email, password: PASSWORD })
    for (let i = 0; i < 3; i++) {
      const id = await liveAd(api.t, owner)
      await report(id, 'spam', { auth: a.auth })
      expect((await admin('dismiss', id)).statusCode).toBe(204)
    }
    await deleteAccount(a)
    const b = await member(api.t, { email })
    const id = await liveAd(api.t, owner)
    await report(id, 'offensive', { auth: b.auth })
    const entry = (await queue()).find((i) => i.adId === id)
    expect(entry?.reports[0]?.reporter).toMatchObject({ made: 4, dismissed: 3, canHold: false })
  })
})
