/** A wallet order the app refuses to charge, or the server refused for good: shown, never retried. */
export class OrderRefused extends Error {
  override name = 'OrderRefused'
  constructor(
    readonly title: string,
    readonly detail: string,
    /** the wallet balance was short: the page offers a top-up */
    readonly insufficientBalance = false,
  ) {
    super(detail)
  }
}
