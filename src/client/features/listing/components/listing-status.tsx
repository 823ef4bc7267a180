import type { UseQueryResult } from '@tanstack/react-query'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { useOnline } from '#client/lib/network/use-online.ts'
import type { AdList } from '#domain/api/ads.ts'
import { sentenceEndingWithDate } from '#domain/date-text.ts'

const m = msg.listing

/**
 * What the listing says about where its ads came from: loading, a saved copy shown offline (with its
 * time, docs/decisions/006-offline-model.md), or a failure with a retry. Nothing when the ads are fresh.
 */
export function ListingStatus({ list }: { list: UseQueryResult<AdList> }) {
  const online = useOnline()
  const saved = list.data !== undefined && (!online || list.isRefetchError)
  if (saved) {
    const time = formatPostedDate(new Date(list.dataUpdatedAt).toISOString())
    // online, the saved copy shows because the server did not answer: say so, and offer to ask again
    return (
      <p role="status" className="mb-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
        {sentenceEndingWithDate(fill(online ? m.staleResults : m.savedResults, { time }))}
        {online && (
          <Button variant="link" size="sm" className="ml-1 h-auto p-0" onClick={() => void list.refetch()}>
            {m.retry}
          </Button>
        )}
      </p>
    )
  }
  if (list.data !== undefined) return null
  if (!online) {
    return (
      <p role="status" className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
        {m.offlineNothingSaved}
      </p>
    )
  }
  if (list.isError) {
    return (
      <div role="alert" className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
        <p>{m.loadFailed}</p>
        <Button variant="outline" className="mt-4" onClick={() => void list.refetch()}>
          {m.retry}
        </Button>
      </div>
    )
  }
  return (
    <p aria-busy="true" className="px-6 py-16 text-center text-muted-foreground">
      {m.loading}
    </p>
  )
}
