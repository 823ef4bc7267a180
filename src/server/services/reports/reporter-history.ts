import { createHash } from 'node:crypto'
import { count, inArray, or, sql } from 'drizzle-orm'
import type { ReporterHistory } from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'
import { canHold, isNewAccount, type ReporterFacts, reportVoice } from './hold-rules.ts'

// Who reported, as far as the rules and the queue need to know (docs/decisions/033-reports-that-cost.md).

const ACCOUNT_PREFIX = 'user:'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The reporter key of a signed-in account. */
export function accountReporter(userId: string): string {
  return `${ACCOUNT_PREFIX}${userId}`
}

/** The reporter key of a signed-out visitor: the keyed hash of their address (reporter-keys.ts). */
export function visitorReporter(addressHash: string): string {
  return `client:${addressHash}`
}

function accountId(reporter: string): string | null {
  if (!reporter.startsWith(ACCOUNT_PREFIX)) return null
  const id = reporter.slice(ACCOUNT_PREFIX.length)
  return UUID.test(id) ? id : null
}

/**
 * A short pseudonym the queue shows for a report's voice (hold-rules.ts), the same on every ad and
 * across an account's deletion and new sign-up: an admin can tell reporters apart, no more.
 */
export function reporterLabel(voice: string): string {
  return sha256(voice).slice(0, 8)
}

/** Who sent a report: its reporter key and, signed in, its e-mail's keyed hash. */
export interface ReportSender {
  reporter: string
  emailHash: string | null
}

/**
 * The facts behind each reporter key: the history of its voice (every report under the same e-mail
 * hash counts, a deleted account's included) and, for accounts, age and verification.
 */
export async function reporterFacts(
  db: Db,
  senders: readonly ReportSender[],
): Promise<Map<string, ReporterFacts>> {
  const facts = new Map<string, ReporterFacts>()
  const keys = [...new Set(senders.map((s) => s.reporter))]
  if (keys.length === 0) return facts
  const emails = [...new Set(senders.flatMap((s) => (s.emailHash === null ? [] : [s.emailHash])))]
  const rows = await db
    .select({
      reporter: adReports.reporter,
      emailHash: adReports.emailHash,
      made: count(),
      dismissed: sql<number>`count(*) filter (where ${adReports.outcome} = 'dismissed')`.mapWith(Number),
      upheld: sql<number>`count(*) filter (where ${adReports.outcome} = 'upheld')`.mapWith(Number),
    })
    .from(adReports)
    .where(
      or(
        inArray(adReports.reporter, keys),
        emails.length > 0 ? inArray(adReports.emailHash, emails) : undefined,
      ),
    )
    .groupBy(adReports.reporter, adReports.emailHash)
  const emailOf = new Map(senders.flatMap((s) => (s.emailHash === null ? [] : [[s.reporter, s.emailHash]])))
  // a reporter's history: its own rows, and every row under its e-mail's hash
  const historyOf = (key: string) => {
    const email = emailOf.get(key) ?? null
    const mine = rows.filter((r) => r.reporter === key || (email !== null && r.emailHash === email))
    return {
      made: mine.reduce((n, r) => n + r.made, 0),
      dismissed: mine.reduce((n, r) => n + r.dismissed, 0),
      upheld: mine.reduce((n, r) => n + r.upheld, 0),
    }
  }
  const unique = keys
  const ids = unique.map(accountId).filter((id): id is string => id !== null)
  const accounts =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, createdAt: users.createdAt, verifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(inArray(users.id, ids))
  const accountsById = new Map(accounts.map((a) => [a.id, a]))
  for (const key of unique) {
    const id = accountId(key)
    const account = id === null ? undefined : accountsById.get(id)
    facts.set(key, {
      kind: id === null ? 'visitor' : 'account',
      // a deleted account's pseudonym has no verified e-mail: it vouches for nothing any more
      verified: account?.verifiedAt != null,
      createdAt: account?.createdAt ?? null,
      ...historyOf(key),
    })
  }
  return facts
}

export function toReporterHistory(sender: ReportSender, facts: ReporterFacts, now: Date): ReporterHistory {
  return {
    label: reporterLabel(reportVoice(sender)),
    kind: facts.kind,
    newAccount: isNewAccount(facts, now),
    made: facts.made,
    dismissed: facts.dismissed,
    upheld: facts.upheld,
    canHold: canHold(facts),
  }
}
