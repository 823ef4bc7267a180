import { useId, useState } from 'react'
import { msgReview } from '#client/i18n/messages-review.ts'
import { useReviewQueue } from '../api/review-queue.ts'
import { BulkRelease } from './bulk-release.tsx'
import { QueueEntry } from './queue-entry.tsx'

const t = msgReview.review

/** The review queue: reported and held ads, most urgent first, each with its reports and actions. */
export function ReviewQueuePanel() {
  const id = useId()
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
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border bg-card p-5 shadow-sm">
      <div>
        <h2 id={`${id}-title`} className="text-xl font-semibold">
          {t.queueTitle}
        </h2>
        <p className="text-sm text-muted-foreground">{t.queueIntro}</p>
      </div>
      {queue.data && queue.data.items.length === 0 && <p className="text-sm">{t.queueEmpty}</p>}
      <BulkRelease selected={selected} onDone={() => setTicked(new Set())} />
      <ol className="grid gap-3">
        {queue.data?.items.map((item) => (
          <QueueEntry
            key={item.adId}
            item={item}
            selected={ticked.has(item.adId)}
            onSelect={(on) => select(item.adId, on)}
          />
        ))}
      </ol>
    </section>
  )
}
