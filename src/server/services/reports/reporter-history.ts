import { createHash } from 'node:crypto'
import { count, inArray, sql } from 'drizzle-orm'
import type { ReporterHistory } from '#domain/api/reports.ts'
import type { Db } from '#server/db/client.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'
import { canHold, isNewAccount, type ReporterFacts } from './hold-rules.ts'

// Who reported, as far as the rules and the queue need to know (docs/decisions/033-reports-that-cost.md).

const ACCOUNT_PREFIX = 'user:'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

/** The reporter key of a signed-in account. */
export function accountReporter(userId: string): string {
  return `${ACCOUNT_PREFIX}${userId}`
}

/** The reporter key of a signed-out visitor: the hash of their address, never the address. */
export function visitorReporter(addressHash: string): string {
  return `client:${addressHash}`
}

/** How an address is kept: hashed, after clientKey() made one IPv6 /64 one address. */
export function addressHash(clientKey: string): string {
  return sha256(clientKey)
}

function accountId(reporter: string): string | null {
  if (!reporter.startsWith(ACCOUNT_PREFIX)) return null
  const id = reporter.slice(ACCOUNT_PREFIX.length)
  return UUID.test(id) ? id : null
}

/** A short pseudonym the queue shows, the same on every ad: an admin can tell reporters apart, no more. */
export function reporterLabel(reporter: string): string {
  return sha256(reporter).slice(0, 8)
}

/** The facts behind each reporter key: their report history and, for accounts, age and verification. */
export async function reporterFacts(db: Db, keys: readonly string[]): Promise<Map<string, ReporterFacts>> {
  const unique = [...new Set(keys)]
  const facts = new Map<string, ReporterFacts>()
  if (unique.length === 0) return facts
  const history = await db
    .select({
      reporter: adReports.reporter,
      made: count(),
      dismissed: sql<number>`count(*) filter (where ${adReports.outcome} = 'dismissed')`.mapWith(Number),
      upheld: sql<number>`count(*) filter (where ${adReports.outcome} = 'upheld')`.mapWith(Number),
    })
    .from(adReports)
    .where(inArray(adReports.reporter, unique))
    .groupBy(adReports.reporter)
  const ids = unique.map(accountId).filter((id): id is string => id !== null)
  const accounts =
    ids.length === 0
      ? []
      : await db
          .select({ id: users.id, createdAt: users.createdAt, verifiedAt: users.emailVerifiedAt })
          .from(users)
          .where(inArray(users.id, ids))
  const accountsById = new Map(accounts.map((a) => [a.id, a]))
  const historyByKey = new Map(history.map((h) => [h.reporter, h]))
  for (const key of unique) {
    const id = accountId(key)
    const account = id === null ? undefined : accountsById.get(id)
    const h = historyByKey.get(key)
    facts.set(key, {
      kind: id === null ? 'visitor' : 'account',
      // an account deleted since reads as unverified: it vouches for nothing any more
      verified: account?.verifiedAt != null,
      createdAt: account?.createdAt ?? null,
      made: h?.made ?? 0,
      dismissed: h?.dismissed ?? 0,
      upheld: h?.upheld ?? 0,
    })
  }
  return facts
}

export function toReporterHistory(key: string, facts: ReporterFacts, now: Date): ReporterHistory {
  return {
    label: reporterLabel(key),
    kind: facts.kind,
    newAccount: isNewAccount(facts, now),
    made: facts.made,
    dismissed: facts.dismissed,
    upheld: facts.upheld,
    canHold: canHold(facts),
  }
}
