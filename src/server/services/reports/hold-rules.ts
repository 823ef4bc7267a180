import {
  DISMISSED_REPORTS_LIMIT,
  HOLD_AFTER_REPORTERS,
  type HoldCategory,
  NEW_ACCOUNT_DAYS,
  type ReportReason,
  URGENT_REASONS,
} from '#domain/api/reports.ts'

// When reports hold an ad (docs/decisions/033-reports-that-cost.md, 042-holds-that-hold.md). Pure, so the rules are read and
// tested in one place; report-ad.ts gathers the facts inside the report's transaction.

const DAY_MS = 86_400_000

/** What is known of one reporter when a report arrives. */
export interface ReporterFacts {
  kind: 'account' | 'visitor'
  /** accounts only: the e-mail is verified (a deleted account's pseudonym never is) */
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
 * Good standing (docs/decisions/042-holds-that-hold.md): a signed-in account, not deleted, whose e-mail
 * is verified, created at least NEW_ACCOUNT_DAYS ago, and none of whose reports (under this e-mail,
 * across a deletion and a new sign-up) an admin ever dismissed. Only such a reporter's reports take
 * an ad down; anyone else's queue it, and at most ask an admin to confirm.
 */
export function inGoodStanding(facts: ReporterFacts, now: Date): boolean {
  return facts.kind === 'account' && facts.verified && !isNewAccount(facts, now) && facts.dismissed === 0
}

export interface OpenReport {
  reporter: string
  /**
   * Who the report speaks for: the keyed hash of a signed-in reporter's e-mail, which outlives the
   * account (reportVoice), else the reporter key. Two reports of one voice are one person.
   */
  voice: string
  /** the keyed hash of the address it came from; null once the retention job forgot it */
  address: string | null
  reason: ReportReason
}

/** The voice of a report: its e-mail's keyed hash when signed in (reporter-keys.ts), else its reporter. */
export function reportVoice(report: { reporter: string; emailHash: string | null }): string {
  return report.emailHash === null ? report.reporter : `email:${report.emailHash}`
}

export type Verdict =
  | { hold: true; category: HoldCategory; why: string }
  /** awaitingConfirmation: the reports would hold the ad if one sender were in good standing */
  | { hold: false; awaitingConfirmation: boolean }

const isUrgent = (reason: ReportReason) => URGENT_REASONS.includes(reason)

/**
 * Two reports are independent when different voices sent them from different addresses. A report
 * whose address was forgotten (older than the retention period) is taken as from another address.
 */
function independent(a: OpenReport, b: OpenReport): boolean {
  return a.voice !== b.voice && (a.address === null || b.address === null || a.address !== b.address)
}

/** Distinct voices counted once per address (reporters behind one address are one voice). */
function independentVoices(reports: readonly OpenReport[]): number {
  const voices = new Map<string, string | null>()
  for (const r of reports) if (!voices.has(r.voice)) voices.set(r.voice, r.address)
  const addresses = new Set<string>()
  let unknown = 0
  for (const address of voices.values()) {
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
 * Whether an ad's open reports hold it now. Reports of a reason an admin cleared on the content the ad
 * shows now, and reports of reporters who lost the power to hold, only queue. Then:
 * - an urgent report from a reporter in good standing holds at once;
 * - any reasons hold at HOLD_AFTER_REPORTERS independent voices, one of them in good standing;
 * - two independent urgent reports, or that many voices, without a reporter in good standing, only
 *   ask for an admin's confirmation: two throwaway accounts, or one and a second address, are one
 *   person as far as anyone can tell (docs/decisions/042-holds-that-hold.md).
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
  const standing = (r: OpenReport) => {
    const facts = reporters.get(r.reporter)
    return facts !== undefined && inGoodStanding(facts, now)
  }
  const urgent = counted.filter((r) => isUrgent(r.reason))
  const trusted = urgent.find(standing)
  if (trusted) {
    return {
      hold: true,
      category: trusted.reason,
      why: `reported: ${trusted.reason} by an account in good standing`,
    }
  }
  const voices = independentVoices(counted)
  if (voices >= HOLD_AFTER_REPORTERS && counted.some(standing)) {
    return { hold: true, category: mostReported(counted), why: `${voices} independent reporters` }
  }
  const confirmedPair = urgent.some((a, i) => urgent.slice(i + 1).some((b) => independent(a, b)))
  return { hold: false, awaitingConfirmation: confirmedPair || voices >= HOLD_AFTER_REPORTERS }
}
