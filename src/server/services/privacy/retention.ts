import { and, isNotNull, isNull, like, lt, notLike, or, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { RETENTION } from '#domain/api/privacy.ts'
import type { Db } from '#server/db/client.ts'
import { adStatsDaily } from '#server/db/schema/ad-stats.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { adminSessions, sessions } from '#server/db/schema/sessions.ts'
import { accountTokens, users } from '#server/db/schema/users.ts'
import { ADMIN_IDLE_TIMEOUT_MS, SESSION_IDLE_TIMEOUT_MS } from '#server/services/accounts/tokens.ts'

// What is deleted once it is no longer needed, and when (docs/decisions/034-privacy-and-retention.md;
// the privacy page says the same in words, from the same RETENTION numbers). Reveals keep no
// address anywhere but the rate limiter's counters, which forget it when their window ends.

const DAY_MS = 86_400_000
// a signed-out reporter's key is the hash of their address: once forgotten, each report is its own
const FORGOTTEN_PREFIX = 'client:forgotten:'
const FORGOTTEN = `${FORGOTTEN_PREFIX}%`
const YEAR_DAYS = 365.25

/** How often each API process tries; with several, one runs at a time (the advisory lock). */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000
// the first pass a minute after start, so a process restarted often still runs it
const FIRST_RUN_MS = 60 * 1000
// pg_try_advisory_xact_lock's key for this job: any constant no other lock of ours uses
export const RETENTION_LOCK = 34_034_034

export interface RetentionCounts {
  outbox: number
  jobs: number
  sessions: number
  adminSessions: number
  accountTokens: number
  reportAddresses: number
  unverifiedAccounts: number
  deletedAccountLedgers: number
  adStats: number
}

const daysBefore = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS)

// both drivers answer raw SQL with { rows }; the shared Db type leaves it unknown
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * One pass of every purge, in one transaction that first takes an advisory lock: another process
 * already running it makes this call answer null at once. Tests call it with their own clock.
 */
export async function runRetention(db: Db, now: Date = new Date()): Promise<RetentionCounts | null> {
  return db.transaction(async (tx) => {
    const [lock] = rowsOf<{ locked: boolean }>(
      await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`),
    )
    if (!lock?.locked) return null
    const count = (rows: unknown[]) => rows.length
    return {
      // a mail that could not go out in a week never will, and its links have expired
      outbox: count(
        await tx
          .delete(outbox)
          .where(lt(outbox.createdAt, daysBefore(now, RETENTION.outboxDays)))
          .returning({ id: outbox.id }),
      ),
      // a finished job's row only keeps its cause from being queued again (docs/decisions/045-jobs.md)
      jobs: count(
        await tx
          .delete(jobs)
          .where(
            lt(
              sql`coalesce(${jobs.doneAt}, ${jobs.failedAt})`,
              daysBefore(now, RETENTION.jobDays).toISOString(),
            ),
          )
          .returning({ id: jobs.id }),
      ),
      // a session past its end, idle too long or signed out can never be used again
      sessions: count(
        await tx
          .delete(sessions)
          .where(
            or(
              lt(sessions.expiresAt, now),
              lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_TIMEOUT_MS)),
              isNotNull(sessions.revokedAt),
            ),
          )
          .returning({ id: sessions.id }),
      ),
      adminSessions: count(
        await tx
          .delete(adminSessions)
          .where(
            or(
              lt(adminSessions.expiresAt, now),
              lt(adminSessions.lastSeenAt, new Date(now.getTime() - ADMIN_IDLE_TIMEOUT_MS)),
              isNotNull(adminSessions.revokedAt),
            ),
          )
          .returning({ id: adminSessions.id }),
      ),
      // kept a week past their expiry, so a second click still says "already verified"
      accountTokens: count(
        await tx
          .delete(accountTokens)
          .where(lt(accountTokens.expiresAt, daysBefore(now, RETENTION.accountTokenDays)))
          .returning({ id: accountTokens.id }),
      ),
      // the address of a report serves the daily caps and the independence of reporters, not history
      reportAddresses: count(
        await tx
          .update(adReports)
          .set({
            address: null,
            reporter: sql`case when ${adReports.reporter} like 'client:%'
              then ${FORGOTTEN_PREFIX} || ${adReports.id} else ${adReports.reporter} end`,
          })
          .where(
            and(
              lt(adReports.at, daysBefore(now, RETENTION.reportAddressDays)),
              or(
                isNotNull(adReports.address),
                and(like(adReports.reporter, 'client:%'), notLike(adReports.reporter, FORGOTTEN)),
              ),
            ),
          )
          .returning({ id: adReports.id }),
      ),
      // nobody can sign in to an unverified account: after a month it is only an email we hold
      unverifiedAccounts: count(
        await tx
          .delete(users)
          .where(
            and(
              isNull(users.emailVerifiedAt),
              isNull(users.deletedAt),
              lt(users.createdAt, daysBefore(now, RETENTION.unverifiedAccountDays)),
            ),
          )
          .returning({ id: users.id }),
      ),
      // a deleted account's pseudonymous ledger, once the tax years have passed (its rows go with it)
      deletedAccountLedgers: count(
        await tx
          .delete(users)
          .where(lt(users.deletedAt, daysBefore(now, RETENTION.deletedLedgerYears * YEAR_DAYS)))
          .returning({ id: users.id }),
      ),
      // an ad's counts past what its owner can see (docs/decisions/053-ad-stats.md)
      adStats: count(
        await tx
          .delete(adStatsDaily)
          .where(lt(adStatsDaily.day, daysBefore(now, RETENTION.adStatsDays).toISOString().slice(0, 10)))
          .returning({ adId: adStatsDaily.adId }),
      ),
    }
  })
}

/**
 * Runs the purge a minute after start and then every RETENTION_INTERVAL_MS in this process
 * (unref'd, so it never keeps the process alive). Returns how to stop it.
 */
export function startRetention(db: Db, log: FastifyBaseLogger): () => void {
  let running = false
  const run = () => {
    if (running) return
    running = true
    runRetention(db)
      .then((counts) => {
        if (counts && Object.values(counts).some((n) => n > 0))
          log.info({ purged: counts }, 'retention purge')
      })
      .catch((error: unknown) => log.error({ err: error }, 'retention purge failed'))
      .finally(() => {
        running = false
      })
  }
  const first = setTimeout(run, FIRST_RUN_MS)
  const timer = setInterval(run, RETENTION_INTERVAL_MS)
  first.unref()
  timer.unref()
  return () => {
    clearTimeout(first)
    clearInterval(timer)
  }
}
