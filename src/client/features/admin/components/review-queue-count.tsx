import { fill } from '#client/i18n/fill.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { useReviewQueueCount } from '../api/review-queue.ts'

const t = msgReview.review

/** The id of the review queue's panel, which the header's count links to. */
export const REVIEW_QUEUE_ID = 'review-queue'

/**
 * The console header's count of the review queue, and of the ads awaiting an admin's confirmation
 * (docs/decisions/042-holds-that-hold.md): seen on opening the console, refreshed every minute.
 */
export function ReviewQueueCount() {
  const count = useReviewQueueCount()
  if (!count.data) return null
  const { total, awaiting } = count.data
  return (
    <a
      href={`#${REVIEW_QUEUE_ID}`}
      className="grid rounded-md text-sm underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
      data-testid="review-queue-count"
    >
      <span>{total === 1 ? t.queueCount.one : fill(t.queueCount.other, { count: total })}</span>
      {awaiting > 0 && (
        <strong className="text-destructive">
          {awaiting === 1 ? t.awaitingCount.one : fill(t.awaitingCount.other, { count: awaiting })}
        </strong>
      )}
    </a>
  )
}
