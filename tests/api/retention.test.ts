// The retention job (docs/decisions/034-privacy-and-retention.md): each pass deletes what is past its
// time and nothing else, and with several processes only one runs at a time.
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { describe, expect, it } from 'vitest'
import { RETENTION } from '#domain/api/privacy.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { adminSessions, sessions } from '#server/db/schema/sessions.ts'
import { accountTokens, users } from '#server/db/schema/users.ts'
import { walletTransactions } from '#server/db/schema/wallet.ts'
import { RETENTION_LOCK, runRetention } from '#server/services/privacy/retention.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp, testDbKind } from '#tests/support/api-app.ts'

const api = setupTestApp()

const DAY_MS = 86_400_000
const NOW = new Date()
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY_MS)
const inDays = (days: number) => new Date(NOW.getTime() + days * DAY_MS)

async function user(values: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await api.t.db
    .insert(users)
    .values({ email: `${randomUUID()}@example.com`, passwordHash: 'x', ...values })
    .returning({ id: users.id })
  return row?.id ?? ''
}

const ids = async <T extends { id: unknown }>(rows: Promise<T[]>) => (await rows).map((r) => r.id)

describe('the retention job', () => {
  it('purges what is past its time and keeps everything else', async () => {
    const { db } = api.t
    const verified = await user({ emailVerifiedAt: daysAgo(400), createdAt: daysAgo(400) })
    // outbox: a week old goes, yesterday's stays
    const [oldMail, newMail] = await ids(
      db
        .insert(outbox)
        .values([
          { to: 'a@example.com', subject: 'old', text: 'x', createdAt: daysAgo(RETENTION.outboxDays + 1) },
          { to: 'b@example.com', subject: 'new', text: 'x', createdAt: daysAgo(1) },
        ])
        .returning({ id: outbox.id }),
    )
    // sessions: past their end, idle for 15 days, signed out: gone; an open one stays
    const sessionRows = await ids(
      db
        .insert(sessions)
        .values([
          { userId: verified, tokenHash: 'expired', expiresAt: daysAgo(1) },
          { userId: verified, tokenHash: 'idle', expiresAt: inDays(10), lastSeenAt: daysAgo(15) },
          { userId: verified, tokenHash: 'revoked', expiresAt: inDays(10), revokedAt: daysAgo(0.1) },
          { userId: verified, tokenHash: 'open', expiresAt: inDays(10), lastSeenAt: daysAgo(1) },
        ])
        .returning({ id: sessions.id }),
    )
    const adminRows = await ids(
      db
        .insert(adminSessions)
        .values([
          { username: 'boss', tokenHash: 'a-expired', expiresAt: daysAgo(0.01) },
          { username: 'boss', tokenHash: 'a-open', expiresAt: inDays(0.2), lastSeenAt: NOW },
        ])
        .returning({ id: adminSessions.id }),
    )
    // links: a week past their expiry go; a recently expired one stays (a second click says "already verified")
    const tokenRows = await ids(
      db
        .insert(accountTokens)
        .values([
          {
            userId: verified,
            purpose: 'verify_email',
            tokenHash: 't-old',
            expiresAt: daysAgo(RETENTION.accountTokenDays + 1),
          },
          { userId: verified, purpose: 'reset_password', tokenHash: 't-recent', expiresAt: daysAgo(1) },
        ])
        .returning({ id: accountTokens.id }),
    )
    // reports: a month-old report forgets its address (and a signed-out reporter's key); a new one keeps it
    const owner = await member(api.t)
    const ad = await liveAd(api.t, owner)
    const reportRows = await ids(
      db
        .insert(adReports)
        .values([
          {
            adId: ad,
            reporter: 'client:aaaa',
            address: 'aaaa',
            reason: 'spam',
            at: daysAgo(RETENTION.reportAddressDays + 1),
          },
          {
            adId: ad,
            reporter: `user:${verified}`,
            address: 'bbbb',
            reason: 'spam',
            at: daysAgo(RETENTION.reportAddressDays + 1),
          },
          { adId: ad, reporter: 'client:cccc', address: 'cccc', reason: 'other', at: daysAgo(2) },
        ])
        .returning({ id: adReports.id }),
    )
    // accounts: never verified in a month goes; a recent unverified one and an old verified one stay
    // jobs: finished (done or given up) a month ago go; a recent one and one still waiting stay
    const jobRow = (key: string, values: Partial<typeof jobs.$inferInsert>) => ({
      kind: 'test.retention',
      key,
      payload: {},
      runAt: daysAgo(60),
      nextAttemptAt: daysAgo(60),
      ...values,
    })
    await db
      .insert(jobs)
      .values([
        jobRow('done-long-ago', { doneAt: daysAgo(RETENTION.jobDays + 1) }),
        jobRow('failed-long-ago', { failedAt: daysAgo(RETENTION.jobDays + 1) }),
        jobRow('done-recently', { doneAt: daysAgo(1) }),
        jobRow('waiting', {}),
      ])
    const staleUnverified = await user({ createdAt: daysAgo(RETENTION.unverifiedAccountDays + 1) })
    const recentUnverified = await user({ createdAt: daysAgo(2) })
    // pseudonymous ledgers of deleted accounts: after seven years they go, with their rows
    const oldPseudonym = await user({
      deletedAt: daysAgo(RETENTION.deletedLedgerYears * 366),
      createdAt: daysAgo(3000),
    })
    const recentPseudonym = await user({ deletedAt: daysAgo(365), createdAt: daysAgo(365) })
    await db.insert(walletTransactions).values([
      { userId: oldPseudonym, type: 'topup', method: 'crypto', amountCents: 500, chargeId: 'old' },
      { userId: recentPseudonym, type: 'topup', method: 'crypto', amountCents: 700, chargeId: 'recent' },
    ])

    const counts = await runRetention(db, NOW)
    expect(counts).toEqual({
      outbox: 1,
      jobs: 2,
      sessions: 3,
      adminSessions: 1,
      accountTokens: 1,
      reportAddresses: 2,
      unverifiedAccounts: 1,
      deletedAccountLedgers: 1,
      adStats: 0,
    })
    expect(await ids(db.select({ id: outbox.id }).from(outbox))).toEqual([newMail])
    // this test's own kind: a published ad queues its reminders too (docs/decisions/051-reminders-and-renewal.md)
    const jobsLeft = await db
      .select({ key: jobs.key })
      .from(jobs)
      .where(eq(jobs.kind, 'test.retention'))
      .orderBy(jobs.key)
    expect(jobsLeft.map((j) => j.key)).toEqual(['done-recently', 'waiting'])
    expect(oldMail).toBeDefined()
    const open = await ids(db.select({ id: sessions.id }).from(sessions))
    expect(open).toContain(sessionRows[3])
    for (const ended of sessionRows.slice(0, 3)) expect(open).not.toContain(ended)
    expect(await ids(db.select({ id: adminSessions.id }).from(adminSessions))).toEqual([adminRows[1]])
    expect(await ids(db.select({ id: accountTokens.id }).from(accountTokens))).toEqual([tokenRows[1]])
    const reports = await db.select().from(adReports).orderBy(adReports.id)
    expect(reports.map((r) => [r.reporter, r.address])).toEqual([
      [`client:forgotten:${reportRows[0]}`, null],
      [`user:${verified}`, null],
      ['client:cccc', 'cccc'],
    ])
    const left = new Set(await ids(db.select({ id: users.id }).from(users)))
    expect(left.has(staleUnverified)).toBe(false)
    expect(left.has(oldPseudonym)).toBe(false)
    for (const kept of [verified, recentUnverified, recentPseudonym, owner.id])
      expect(left.has(kept)).toBe(true)
    expect(
      (await db.select().from(walletTransactions).where(eq(walletTransactions.chargeId, 'old'))).length,
    ).toBe(0)
    expect(
      (await db.select().from(walletTransactions).where(eq(walletTransactions.chargeId, 'recent'))).length,
    ).toBe(1)

    // a second pass finds nothing more
    expect(Object.values((await runRetention(db, NOW)) ?? {}).every((n) => n === 0)).toBe(true)
  })

  // PGlite belongs to one process; the lock matters where several share a PostgreSQL server
  it.skipIf(testDbKind() !== 'postgres')(
    'runs in one process at a time: another holding the lock makes a pass give way',
    async () => {
      const other = new pg.Client({ connectionString: api.t.config.DATABASE_URL })
      await other.connect()
      try {
        await other.query('select pg_advisory_lock($1)', [RETENTION_LOCK])
        expect(await runRetention(api.t.db, NOW)).toBeNull()
        await other.query('select pg_advisory_unlock($1)', [RETENTION_LOCK])
        expect(await runRetention(api.t.db, NOW)).not.toBeNull()
      } finally {
        await other.end()
      }
    },
  )
})
