import { MIN_TOPUP_CENTS } from './constants.ts'
import { dollarsToCents } from './money.ts'

const POSTING_FEE_CENTS = 200
const BUMP_FEE_CENTS = 100

/** What each paid action costs, in cents: the one fee rule the server, the wallet and the checkout share. */
export const FEES_CENTS = { post: POSTING_FEE_CENTS, bump: BUMP_FEE_CENTS } as const
export type FeeType = keyof typeof FEES_CENTS

export type ChargeKind = FeeType | 'topup'

/**
 * The amount a charge is for. Post and bump are priced here, never by the client; a top-up is what
 * the user asked for, or null when that is below the minimum load.
 */
export function chargeAmountCents(type: ChargeKind, topupDollars?: number): number | null {
  if (type !== 'topup') return FEES_CENTS[type]
  const cents = dollarsToCents(topupDollars ?? 0)
  return cents >= MIN_TOPUP_CENTS ? cents : null
}
