// What an admin panel shows while its list loads, after loading failed, or when the list is empty,
// so every panel says it the same way; the panel's own content shows once there is something to show.
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { errorDetail } from '#client/lib/http.ts'

const t = msgReview.admin

interface PanelStateProps<Item> {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  /** the loaded list (undefined until it is there) */
  items: readonly Item[] | undefined
  /** the words on the button that loads the list again */
  retry: string
  /** said instead of the list when it is empty; without it the panel shows its own empty list */
  empty?: string
  children: (items: readonly Item[]) => ReactNode
}

export function PanelState<Item>({ query, items, retry, empty, children }: PanelStateProps<Item>) {
  if (query.isPending) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        {t.loading}
      </p>
    )
  }
  if (query.isError) {
    return (
      <div role="alert" className="flex flex-wrap items-center gap-3 text-sm">
        <span>
          <strong className="font-semibold">{t.loadFailed}.</strong> {errorDetail(query.error, t.tryAgain)}
        </span>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {retry}
        </Button>
      </div>
    )
  }
  if (items === undefined) return null
  if (empty !== undefined && items.length === 0) return <p className="text-sm">{empty}</p>
  return children(items)
}
