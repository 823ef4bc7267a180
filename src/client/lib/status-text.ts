// Statuses in words: the server's codes ("NEW", "completed") are a contract, never shown to a user
// as they are; each is worded by the active language's catalog.
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { isPaidStatus } from '#domain/constants.ts'

type ChargeStatusWord = Exclude<keyof typeof msgPayments.pay.statuses, 'other'>

const CHARGE_WORDS: readonly ChargeStatusWord[] = ['NEW', 'PENDING', 'EXPIRED', 'INVALID']

/** A crypto charge's status ("NEW", "settled"…) as the pay page and the admin say it. */
export function chargeStatusText(status: string): string {
  const words = msgPayments.pay.statuses
  if (isPaidStatus(status)) return words.PAID
  const code = status.toUpperCase()
  const known = CHARGE_WORDS.find((word) => word === code)
  return known ? words[known] : words.other
}

/** A wallet transaction's status ("completed") in words. */
export function walletStatusText(status: string): string {
  const words = msgPayments.wallet.statuses
  return status === 'completed' ? words.completed : words.other
}
