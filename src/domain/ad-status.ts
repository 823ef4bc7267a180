// The server ad's status machine (docs/decisions/010-ads-on-the-server.md). Pure, so the service,
// the payment paths and the tests read one set of rules.
//
//   pending_payment ──pay post──▶ live ──(expires_at passes)──▶ expired ──pay post (renew)──▶ live
//          │                      │ ▲                                 │
//          │                      │ └──── release ── held ◀── hold ───┘ (reports)
//          └──────── remove ──────┴──────────── remove ──────────────────▶ removed
//                                                      (an admin may restore it to live before its expiry)
//
// Expiry is not written by a job: a live row whose expires_at has passed READS as expired. A post fee
// also renews a live ad in its last 3 days, and an expired one only within 30 days of its end
// (src/domain/ad-renewal.ts).

export const AD_STATUSES = ['pending_payment', 'live', 'expired', 'held', 'removed'] as const
export type AdStatus = (typeof AD_STATUSES)[number]

export interface StatusFacts {
  status: AdStatus
  expiresAt: Date | null
}

/** The status a person sees: a live ad past its expiry is expired, whatever the row says. */
export function effectiveStatus(ad: StatusFacts, now: Date): AdStatus {
  if (ad.status === 'live' && (ad.expiresAt === null || ad.expiresAt.getTime() <= now.getTime()))
    return 'expired'
  return ad.status
}

export type AdAction = 'publish' | 'renew' | 'bump' | 'edit' | 'remove' | 'hold' | 'release' | 'restore'

// From which (effective) statuses each action may start; anything else is refused.
const ALLOWED_FROM: Record<AdAction, readonly AdStatus[]> = {
  publish: ['pending_payment'],
  renew: ['expired'],
  bump: ['live'],
  // a held ad is not edited: its owner asks for a review, and the admin judges what was reported
  // (docs/decisions/042-holds-that-hold.md)
  edit: ['pending_payment', 'live', 'expired'],
  remove: ['pending_payment', 'live', 'expired', 'held'],
  hold: ['live', 'expired'],
  release: ['held'],
  // an admin undoing a removal (its own or a wrong one); live again only while unexpired
  restore: ['removed'],
}

export function canApply(action: AdAction, status: AdStatus): boolean {
  return ALLOWED_FROM[action].includes(status)
}

/** What a paid post fee does to an ad in this status: publish it, renew it, or nothing. */
export function postFeeAction(status: AdStatus): 'publish' | 'renew' | null {
  if (canApply('publish', status)) return 'publish'
  if (canApply('renew', status)) return 'renew'
  return null
}

/** Why a payment for an ad in this status is refused: the error code (src/domain/api/error-codes.ts). */
export function unpayableCode(type: 'post' | 'bump', status: AdStatus) {
  switch (status) {
    case 'live':
      return type === 'post' ? 'ad.already_paid' : 'ad.not_bumpable'
    case 'pending_payment':
      return 'ad.bump_needs_payment'
    case 'expired':
      return 'ad.bump_needs_renewal'
    case 'held':
      return 'ad.held_unpayable'
    case 'removed':
      return 'ad.removed_unpayable'
  }
}
