import {
  DISMISSED_REPORTS_LIMIT,
  HOLD_AFTER_REPORTERS,
  type HoldCategory,
  NEW_ACCOUNT_DAYS,
  type ReportReason,
  URGENT_REASONS,
} from '#domain/api/reports.ts'

// When reports hold an ad (docs/decisions/033-reports-that-cost.md). Pure, so the rules are read and
// tested in one place; report-ad.ts gathers the facts inside the report's transaction.

const DAY_MS = 86_400_000

/** What is known of one reporter when a report arrives. */
export interface ReporterFacts {
  kind: 'account' | 'visitor'
  /** accounts only: email verified, and created at least NEW_ACCOUNT_DAYS ago */
  verified: boolean
  createdAt: Date | null
  made: number
  dismissed: number
  upheld: number
}

export function isNewAccount(facts: Pick<ReporterFacts, 'kind' | 'createdAt'>, now: Date): boolean {
  return (
    facts.kind === 'account' &&
    (facts.createdAt === null || now.getTime() - facts.createdAt.getTime() < NEW_ACCOUNT_DAYS * DAY_MS)
  )
}

/** Three dismissed reports and a reporter's reports only queue: they never hold an ad again. */
export function canHold(facts: Pick<ReporterFacts, 'dismissed'>): boolean {
  return facts.dismissed < DISMISSED_REPORTS_LIMIT
}

/**
 * Good standing: a signed-in account with a verified email, not new, and no report of theirs ever
 * dismissed. Only such an account's urgent report holds an ad on its own.
 */
export function inGoodStanding(facts: ReporterFacts, now: Date): boolean {
  return facts.kind === 'account' && facts.verified && !isNewAccount(facts, now) && facts.dismissed === 0
}

export interface OpenReport {
  reporter: string
  /** the hash of the address it came from; null once the retention job forgot it */
  address: string | null
  reason: ReportReason
}

export type Verdict = { hold: false } | { hold: true; category: HoldCategory; why: string }

const isUrgent = (reason: ReportReason) => URGENT_REASONS.includes(reason)

/**
 * Two reports are independent when different reporters sent them from different addresses. A report
 * whose address was forgotten (older than the retention period) is taken as from another address.
 */
function independent(a: OpenReport, b: OpenReport): boolean {
  return a.reporter !== b.reporter && (a.address === null || b.address === null || a.address !== b.address)
}

/** Distinct reporters counted once per address (reporters behind one address are one voice). */
function independentVoices(reports: readonly OpenReport[]): number {
  const reporters = new Map<string, string | null>()
  for (const r of reports) if (!reporters.has(r.reporter)) reporters.set(r.reporter, r.address)
  const addresses = new Set<string>()
  let unknown = 0
  for (const address of reporters.values()) {
    if (address === null) unknown++
    else addresses.add(address)
  }
  return addresses.size + unknown
}

function mostReported(reports: readonly OpenReport[]): ReportReason {
  const counts = new Map<ReportReason, number>()
  for (const r of reports) counts.set(r.reason, (counts.get(r.reason) ?? 0) + 1)
  let best = reports[0]?.reason ?? 'other'
  for (const [reason, n] of counts) if (n > (counts.get(best) ?? 0)) best = reason
  return best
}

/**
 * Whether an ad's open reports hold it now. Reports of a reason an admin already cleared on this
 * ad, and reports of reporters who lost the power to hold, only queue. Then:
 * - an urgent report from an account in good standing holds at once;
 * - two independent urgent reports hold when at least one came from a signed-in account (two
 *   signed-out reports can come from one person with two forged addresses);
 * - any reasons hold at HOLD_AFTER_REPORTERS independent voices, at least one of them an account.
 */
export function holdVerdict(
  reports: readonly OpenReport[],
  reporters: ReadonlyMap<string, ReporterFacts>,
  cleared: ReadonlySet<ReportReason>,
  now: Date,
): Verdict {
  const counted = reports.filter((r) => {
    const facts = reporters.get(r.reporter)
    return facts !== undefined && canHold(facts) && !cleared.has(r.reason)
  })
  const isAccount = (r: OpenReport) => reporters.get(r.reporter)?.kind === 'account'
  const urgent = counted.filter((r) => isUrgent(r.reason))
  const trusted = urgent.find((r) => {
    const facts = reporters.get(r.reporter)
    return facts !== undefined && inGoodStanding(facts, now)
  })
  if (trusted) {
    return {
      hold: true,
      category: trusted.reason,
      why: `reported: ${trusted.reason} by an account in good standing`,
    }
  }
  for (const [i, a] of urgent.entries()) {
    const confirming = urgent.slice(i + 1).find((b) => independent(a, b) && (isAccount(a) || isAccount(b)))
    if (confirming) {
      return {
        hold: true,
        category: a.reason,
        why: `reported: ${a.reason}, confirmed by an independent reporter`,
      }
    }
  }
  if (counted.some(isAccount)) {
    const voices = independentVoices(counted)
    if (voices >= HOLD_AFTER_REPORTERS) {
      return { hold: true, category: mostReported(counted), why: `${voices} independent reporters` }
    }
  }
  return { hold: false }
}
