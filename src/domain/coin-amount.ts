// The coin amount a payment URI asks for. Both providers write BIP21 URIs
// ("bitcoin:ADDR?amount=0.00001538&label=…"), so the amount shown beside the address is the one the
// wallet app would be given, never a second conversion that could differ from it.

const AMOUNT = /[?&]amount=(\d+(?:\.\d+)?)(?:&|$)/

/** "0.00001538" from a BIP21 URI, or null when it names no amount. */
export function coinAmountInUri(uri: string | null | undefined): string | null {
  if (!uri) return null
  return AMOUNT.exec(uri)?.[1] ?? null
}
