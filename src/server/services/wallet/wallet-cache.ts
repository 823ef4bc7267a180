import { type CacheLive, type Generation, RecheckedCache } from '#server/services/cache/rechecked-cache.ts'

/**
 * The wallet view (balance and latest ledger rows) a user last read, as the JSON bytes the API
 * sends, so that an app polling its wallet costs no query, validation or serialization until the
 * balance changes (docs/decisions/015-api-request-cost.md). Each function of wallet-service.ts
 * that writes a wallet or a ledger row says `changed(tx, 'wallets')`, which voids every cached view
 * once it commits. Made by plugins/caches.ts: on for the embedded database, whose every write runs
 * in this process; on PostgreSQL, where other processes write too, only while the change feed
 * brings their writes (docs/decisions/021-shared-changes.md).
 */
export const WALLET_RECHECK_MS = 1_000

export type WalletCache = RecheckedCache<Buffer>

export function createWalletCache(generation: Generation, live: CacheLive): WalletCache {
  return new RecheckedCache(generation, WALLET_RECHECK_MS, undefined, undefined, live)
}

/**
 * The user's cached view JSON, or the one `read` gives, kept when the cache is on.
 * A burst of the user's requests as the view expires shares one read (RecheckedCache.read).
 */
export async function cachedWalletJson(
  cache: WalletCache | undefined,
  userId: string,
  read: () => Promise<Buffer>,
): Promise<Buffer> {
  if (cache === undefined) return read()
  return cache.read(userId, async () => ({ value: await read() }))
}

/** The test that the cache still holds this very view of the user's wallet; none when it is off. */
export function walletViewCurrentTest(
  cache: WalletCache | undefined,
  userId: string,
  view: Buffer,
): (() => boolean) | undefined {
  if (cache?.get(userId) !== view) return undefined
  return () => cache.get(userId) === view
}
