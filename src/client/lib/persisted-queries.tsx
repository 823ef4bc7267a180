// The query client with its localStorage copy (persister.ts): PersistQueryClientProvider
// (@tanstack/react-query-persist-client), with one difference. Queries there wait while the saved copy
// is restored (`useIsRestoring()` is true), and when the restore ends every component that reads a
// query renders again: on a server-rendered page, right after hydration, that was the whole page, one
// long task on a phone. A page that arrives with its data (`waitForRestore` false) does not wait: its
// queries hold the server's fresh data, and the restore only adds what this device saw before (newer
// data is never replaced by older). Saving starts once the restore is done either way, so the saved
// copy is read before anything overwrites it.
import { IsRestoringProvider, type QueryClient, QueryClientProvider } from '@tanstack/react-query'
import {
  type PersistQueryClientOptions,
  persistQueryClientRestore,
  persistQueryClientSubscribe,
} from '@tanstack/react-query-persist-client'
import { type ReactNode, useEffect, useRef, useState } from 'react'

export function PersistedQueries({
  client,
  persistOptions,
  waitForRestore,
  onRestored,
  children,
}: {
  client: QueryClient
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>
  waitForRestore: boolean
  /** after the restore, whether it found anything or failed */
  onRestored: () => void
  children: ReactNode
}) {
  const [restored, setRestored] = useState(false)
  const started = useRef(false)
  const latest = useRef({ persistOptions, onRestored })
  latest.current = { persistOptions, onRestored }

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
    return persistQueryClientSubscribe({ ...latest.current.persistOptions, queryClient: client })
  }, [client, restored])

  return (
    <QueryClientProvider client={client}>
      <IsRestoringProvider value={waitForRestore && !restored}>{children}</IsRestoringProvider>
    </QueryClientProvider>
  )
}
