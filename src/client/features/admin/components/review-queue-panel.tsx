import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { QueueItem, ReviewAction } from '#domain/api/reports.ts'
import { useReviewAction, useReviewQueue } from '../api/review-queue.ts'
import { announceAdminFailure } from './admin-failure.ts'

const t = msg.review

function QueueEntry({ item }: { item: QueueItem }) {
  const id = useId()
  const [reason, setReason] = useState('')
  const act = useReviewAction()
  // mutateAsync, not mutate's callbacks: a decided ad leaves the refetched queue, unmounting this
  // entry before per-call callbacks would run, and the admin must still be told it is done
  const decide = async (action: ReviewAction) => {
    try {
      await act.mutateAsync({ adId: item.adId, action, reason })
      toast({ title: t.done })
    } catch (e) {
      announceAdminFailure(t.actionFailed, e)
    }
  }
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        {item.urgent && <strong className="text-destructive">{t.urgent}</strong>}
        <h3 className="min-w-0 font-semibold wrap-anywhere">{item.title}</h3>
        <span className="text-sm text-muted-foreground">{fill(t.status, { status: item.status })}</span>
        <span className="text-sm text-muted-foreground">
          {item.reporters === 1 ? t.reporters.one : fill(t.reporters.other, { count: item.reporters })}
        </span>
      </div>
      {item.holdReason && <p className="text-sm">{fill(t.heldBecause, { reason: item.holdReason })}</p>}
      <p className="whitespace-pre-line text-sm wrap-anywhere">{item.description}</p>
      {item.images.length > 0 && (
        <div className="flex gap-2">
          {item.images.map((src) => (
            <img key={src} src={src} alt="" className="h-16 w-16 rounded object-cover" />
          ))}
        </div>
      )}
      <ul className="grid gap-1 text-sm wrap-anywhere">
        {item.reports.map((r) => (
          <li key={`${r.at}-${r.reason}`}>
            <time dateTime={r.at}>{formatPostedDate(r.at)}</time> · {t.reasons[r.reason]}
            {r.details && ` · ${r.details}`}
          </li>
        ))}
      </ul>
      <label htmlFor={`${id}-reason`} className="text-sm font-medium">
        {t.reasonLabel}
      </label>
      <input
        id={`${id}-reason`}
        className="rounded-md border border-input bg-background px-2 py-1 text-sm"
        value={reason}
        maxLength={500}
        onChange={(e) => setReason(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={act.isPending} onClick={() => void decide('dismiss')}>
          {t.dismiss}
        </Button>
        <Button
          variant="destructive"
          disabled={act.isPending || reason.trim() === ''}
          onClick={() => void decide('remove')}
        >
          {t.remove}
        </Button>
        {item.status === 'removed' && (
          <Button variant="outline" disabled={act.isPending} onClick={() => void decide('restore')}>
            {t.restore}
          </Button>
        )}
      </div>
    </li>
  )
}

/** The review queue: reported and held ads, most urgent first, each with its reports and actions. */
export function ReviewQueuePanel() {
  const id = useId()
  const queue = useReviewQueue()
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t.queueTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{t.queueIntro}</p>
      </div>
      {queue.data && queue.data.items.length === 0 && <p className="text-sm">{t.queueEmpty}</p>}
      <ol className="grid gap-3">
        {queue.data?.items.map((item) => (
          <QueueEntry key={item.adId} item={item} />
        ))}
      </ol>
    </section>
  )
}
