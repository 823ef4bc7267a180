import { PrivateImage } from '#client/components/media/private-image.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { QueueItem, ReviewAction } from '#domain/api/reports.ts'
import { useReviewAction } from '../api/review-queue.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { ReasonField, useReason } from './reason-field.tsx'
import { ReportedVersions } from './reported-versions.tsx'
import { ReporterLine } from './reporter-line.tsx'

const t = msgReview.review

/** The ad's status code ("live") in words, as the all-ads panel says it. */
function adStatusText(status: string): string {
  const words: Record<string, string> = t.allAds.statuses
  return words[status] ?? status
}

interface QueueEntryProps {
  item: QueueItem
  /** held ads can be ticked for a bulk release */
  selected: boolean
  onSelect: (selected: boolean) => void
}

/** One ad in the review queue: why it is there, who reported it, the owner's appeal, the decisions. */
export function QueueEntry({ item, selected, onSelect }: QueueEntryProps) {
  const reason = useReason()
  const act = useReviewAction()
  // mutateAsync, not mutate's callbacks: a decided ad leaves the refetched queue, unmounting this
  // entry before per-call callbacks would run, and the admin must still be told it is done
  const decide = async (action: ReviewAction) => {
    try {
      await act.mutateAsync({ adId: item.adId, action, reason: reason.value })
      toast({ title: t.done })
    } catch (e) {
      announceAdminFailure(t.actionFailed, e)
    }
  }
  return (
    <li className="grid gap-2 rounded-lg border border-border p-3">
      <div className="flex flex-wrap items-center gap-2">
        {item.status === 'held' && (
          <input
            type="checkbox"
            className="size-4"
            checked={selected}
            aria-label={fill(t.selectForRelease, { title: item.title })}
            onChange={(e) => onSelect(e.target.checked)}
          />
        )}
        {item.urgent && <strong className="text-destructive">{t.urgent}</strong>}
        <h3 className="min-w-0 font-semibold wrap-anywhere">
          {item.status === 'live' ? (
            // a new tab keeps the queue and the reason typed so far; only a live ad has a public page
            <a
              href={item.path}
              target="_blank"
              rel="noopener"
              className="rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span data-ad-text>{item.title}</span>
            </a>
          ) : (
            <span data-ad-text>{item.title}</span>
          )}
        </h3>
        <span className="text-sm text-muted-foreground" data-status={item.status}>
          {fill(t.status, { status: adStatusText(item.status) })}
        </span>
        <span className="text-sm text-muted-foreground">
          {item.reporters === 1 ? t.reporters.one : fill(t.reporters.other, { count: item.reporters })}
        </span>
      </div>
      {item.awaitingConfirmation && (
        <p
          className="rounded-md bg-destructive/10 px-3 py-2 text-sm font-medium text-destructive"
          role="status"
        >
          {t.awaitingConfirmation}
        </p>
      )}
      {item.hold && (
        <p className="text-sm">
          {fill(t.heldSince, {
            date: formatPostedDate(item.hold.since),
            category: t.holdCategories[item.hold.category],
          })}
        </p>
      )}
      {item.holdReason && <p className="text-sm">{fill(t.heldBecause, { reason: item.holdReason })}</p>}
      {item.appeal && (
        <blockquote className="rounded-md border-l-4 border-primary bg-muted/40 px-3 py-2 text-sm wrap-anywhere">
          <p className="font-medium">{fill(t.appealFrom, { date: formatPostedDate(item.appeal.at) })}</p>
          <p className="whitespace-pre-line">{item.appeal.note}</p>
        </blockquote>
      )}
      <p className="whitespace-pre-line text-sm wrap-anywhere" data-ad-text>
        {item.description}
      </p>
      {item.images.length > 0 && (
        <div className="flex gap-2">
          {item.images.map((src) => (
            // a held ad's photos are served to admins only: fetched with the admin's token
            <PrivateImage
              key={src}
              src={src}
              auth="admin"
              alt=""
              className="h-16 w-16 rounded object-cover"
            />
          ))}
        </div>
      )}
      <ReportedVersions item={item} />
      <ul className="grid gap-1 text-sm wrap-anywhere">
        {item.reports.map((r) => (
          <ReporterLine key={`${r.at}-${r.reason}-${r.reporter.label}`} report={r} />
        ))}
      </ul>
      <ReasonField reason={reason} label={t.reasonLabel} />
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" disabled={act.isPending} onClick={() => void decide('dismiss')}>
          {t.dismiss}
        </Button>
        {item.status === 'live' && (
          <Button
            variant={item.awaitingConfirmation ? 'destructive' : 'secondary'}
            disabled={act.isPending}
            onClick={() => void decide('hold')}
          >
            {t.hold}
          </Button>
        )}
        <Button
          variant="destructive"
          disabled={act.isPending || reason.value.trim() === ''}
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
