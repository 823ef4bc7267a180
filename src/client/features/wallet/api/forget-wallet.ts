import type { QueryClient } from '@tanstack/react-query'
import { getSession, sessionAtom, sessionStore } from '#client/lib/session/session-store.ts'
import { walletKeys } from './wallet-keys.ts'

const watched = new WeakSet<QueryClient>()

/**
 * The wallet is the one piece of account data kept for offline use (persisted query cache). Drop it
 * as soon as its owner is no longer the signed-in user: at sign-out, or found at start for another one.
 */
export function forgetWalletOfOtherUsers(queryClient: QueryClient): void {
  const prune = () => {
    const email = getSession().user?.email
    queryClient.removeQueries({
      queryKey: walletKeys.all,
      predicate: (query) => email === undefined || query.queryKey[1] !== email,
    })
  }
  prune()
  if (watched.has(queryClient)) return
  watched.add(queryClient)
  sessionStore.sub(sessionAtom, prune)
}
