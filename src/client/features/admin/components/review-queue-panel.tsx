import { useState } from 'react'
import { msgReview } from '#client/i18n/messages-review.ts'
import { useReviewQueue } from '../api/review-queue.ts'
import { AdminPanel } from './admin-panel.tsx'
import { BulkRelease } from './bulk-release.tsx'
import { PanelState } from './panel-state.tsx'
import { QueueEntry } from './queue-entry.tsx'
import { REVIEW_QUEUE_ID } from './review-queue-count.tsx'

const t = msgReview.review

/** The review queue: reported and held ads, most urgent first, each with its reports and actions. */
export function ReviewQueuePanel() {
  const queue = useReviewQueue()
  const [ticked, setTicked] = useState<ReadonlySet<string>>(new Set())
  // only ads still held in the queue as it is now can be released
  const held = new Set(queue.data?.items.filter((item) => item.status === 'held').map((item) => item.adId))
  const selected = [...ticked].filter((adId) => held.has(adId))
  const select = (adId: string, on: boolean) =>
    setTicked((current) => {
      const next = new Set(current)
      if (on) next.add(adId)
      else next.delete(adId)
      return next
    })
  return (
    <AdminPanel title={t.queueTitle} intro={t.queueIntro} anchor={REVIEW_QUEUE_ID}>
      <BulkRelease selected={selected} onDone={() => setTicked(new Set())} />
      <PanelState query={queue} items={queue.data?.items} retry={msgReview.admin.retry} empty={t.queueEmpty}>
        {(items) => (
          <ol className="grid gap-3">
            {items.map((item) => (
              <QueueEntry
                key={item.adId}
                item={item}
                selected={ticked.has(item.adId)}
                onSelect={(on) => select(item.adId, on)}
              />
            ))}
          </ol>
        )}
      </PanelState>
    </AdminPanel>
  )
}
