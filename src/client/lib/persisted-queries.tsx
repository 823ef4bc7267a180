// The query client with its localStorage copy (persister.ts): PersistQueryClientProvider
// (@tanstack/react-query-persist-client), with one difference. Queries there wait while the saved copy
// is restored (`useIsRestoring()` is true), and when the restore ends every component that reads a
// query renders again: on a server-rendered page, right after hydration, that was the whole page, one
// long task on a phone. A page that arrives with its data (`waitForRestore` false) does not wait: its
// queries hold the server's fresh data, and the restore only adds what this device saw before (newer
// data is never replaced by older). Saving starts once the restore is done either way, so the saved
// copy is read before anything overwrites it, and begins with what the client holds then.
import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSave,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client'
import { type ReactNode, useEffect, useRef, useState } from 'react'

export function PersistedQueries({
  client,
  persistOptions,
  waitForRestore,
  onRestored,
  saveNow,
  children,
}: {
  client: QueryClient
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>
  waitForRestore: boolean
  /** after the restore, whether it found anything or failed */
  onRestored: () => void
  /** writes the saved copy at once, when the page is hidden or left (persister.ts saveNow) */
  saveNow: () => void
  children: ReactNode
}) {
  const [restored, setRestored] = useState(false)
  const started = useRef(false)
  const latest = useRef({ persistOptions, onRestored, saveNow })
  latest.current = { persistOptions, onRestored, saveNow }

  useEffect(() => {
    if (started.current) return
    started.current = true
    void persistQueryClientRestore({ ...latest.current.persistOptions, queryClient: client })
      .catch(() => undefined)
      .then(() => latest.current.onRestored())
      .finally(() => setRestored(true))
  }, [client])

  useEffect(() => {
    if (!restored) return
    const options = { ...latest.current.persistOptions, queryClient: client }
    // saved once now: a server-rendered page's queries came in before saving started, and are kept for
    // offline as a fetch's would be, so the page reopens offline with these results
    void persistQueryClientSave(options).catch(() => undefined)
    const unsubscribe = persistQueryClientSubscribe(options)
    // the persister writes a second after a change; a page reloaded or sent to the background sooner
    // would lose that write, and open offline without what it had just shown
    const onHide = () => {
      if (document.visibilityState === 'hidden') latest.current.saveNow()
    }
    const onLeave = () => latest.current.saveNow()
    document.addEventListener('visibilitychange', onHide)
    window.addEventListener('pagehide', onLeave)
    return () => {
      unsubscribe()
      document.removeEventListener('visibilitychange', onHide)
      window.removeEventListener('pagehide', onLeave)
    }
  }, [client, restored])

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={waitForRestore && !restored}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  )
}
