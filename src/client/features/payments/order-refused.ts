/**
 * What the user can do about a refused order, shown with it on checkout: change the ad on its form,
 * top up the wallet, pick the ad again from My ads, get verified (an Adult Companions ad from an
 * unverified account, docs/decisions/049-open-in-canada.md), or try again (nothing was charged).
 */
export type RefusalNext = 'form' | 'topUp' | 'manage' | 'verify' | 'retry'

/** A wallet order the app refuses to charge, or the server refused for good: shown, never retried. */
export class OrderRefused extends Error {
  override name = 'OrderRefused'
  /** the wallet balance was short: the page offers a top-up */
  readonly insufficientBalance: boolean
  constructor(
    readonly title: string,
    readonly detail: string,
    readonly next: RefusalNext = 'retry',
  ) {
    super(detail)
    this.insufficientBalance = next === 'topUp'
  }
}
