// What an admin panel shows while its list loads or after loading failed, so every panel says it
// the same way; the panel's own content shows once the list is there.
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { errorDetail } from '#client/lib/http.ts'

const t = msgReview.admin

interface PanelStateProps {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown }
  /** the words on the button that loads the list again */
  retry: string
  children: ReactNode
}

export function PanelState({ query, retry, children }: PanelStateProps) {
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
  return children
}
