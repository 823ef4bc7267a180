import { useId } from 'react'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { useAuditLog } from '../api/review-queue.ts'

const t = msgReview.review

/** Every admin action, newest first: who, what, on what, why, when. */
export function AuditPanel() {
  const id = useId()
  const audit = useAuditLog()
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3 rounded-xl border bg-card p-5 shadow-sm">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t.auditTitle}
      </h2>
      {audit.data && audit.data.items.length === 0 && <p className="text-sm">{t.auditEmpty}</p>}
      <ol className="grid gap-1 text-sm">
        {audit.data?.items.map((entry) => (
          <li key={`${entry.at}-${entry.action}-${entry.target}`}>
            <time dateTime={entry.at}>{formatPostedDate(entry.at)}</time> · {entry.admin} ·{' '}
            <strong>{entry.action}</strong> · {entry.target}
            {entry.reason && ` · ${entry.reason}`}
          </li>
        ))}
      </ol>
    </section>
  )
}
