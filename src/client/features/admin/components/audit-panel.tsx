import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { useAuditLog } from '../api/review-queue.ts'
import { AdminPanel } from './admin-panel.tsx'
import { PanelState } from './panel-state.tsx'

const t = msgReview.review

/** Every admin action, newest first: who, what, on what, why, when. */
export function AuditPanel() {
  const audit = useAuditLog()
  return (
    <AdminPanel title={t.auditTitle}>
      <PanelState query={audit} items={audit.data?.items} retry={msgReview.admin.retry} empty={t.auditEmpty}>
        {(items) => (
          <ol className="grid gap-1 text-sm">
            {items.map((entry) => (
              <li key={`${entry.at}-${entry.action}-${entry.target}`}>
                {/* who, on what and why are names and words people wrote: [data-user-text] */}
                <time dateTime={entry.at}>{formatPostedDate(entry.at)}</time> ·{' '}
                <span data-user-text>{entry.admin}</span> ·{' '}
                <strong>{t.auditActions[entry.action] ?? entry.action}</strong> ·{' '}
                <span data-user-text>{entry.target}</span>
                {entry.reason && (
                  <>
                    {' · '}
                    <span data-user-text>{entry.reason}</span>
                  </>
                )}
              </li>
            ))}
          </ol>
        )}
      </PanelState>
    </AdminPanel>
  )
}
