import { formatMoney } from '#client/lib/ad-format.ts'
import type { WalletTransaction } from '#domain/api/wallet.ts'
import { MIN_TOPUP_CENTS } from '#domain/constants.ts'
import { dollarsToCents, isWholeCents } from '#domain/money.ts'

/** Spec section 5: numeric, at least $5, in whole cents (as the server takes it); anything else reads as invalid. */
export function parseTopupAmount(input: string): number | null {
  const amount = Number(input.trim().replace(',', '.'))
  if (!input.trim() || !isWholeCents(amount) || dollarsToCents(amount) < MIN_TOPUP_CENTS) return null
  return amount
}

/**
 * A top-up or a credit (a crypto payment that could not do what it paid for) adds to the balance; a
 * fee paid from the wallet takes off; one paid by crypto leaves it.
 */
export function signedAmount(tx: Pick<WalletTransaction, 'type' | 'method' | 'amount_cad'>): string {
  const amount = formatMoney(dollarsToCents(tx.amount_cad))
  if (tx.type === 'topup' || tx.type === 'credit') return `+${amount}`
  return tx.method === 'wallet' ? `−${amount}` : amount
}
