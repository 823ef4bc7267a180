import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { isApiError } from '#client/lib/http.ts'
import { useOutbox } from '../api/outbox.ts'
import { AdminPanel } from './admin-panel.tsx'
import { PanelState } from './panel-state.tsx'

const t = msgReview.admin

const linkClass =
  'break-all rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

/**
 * The mail outbox: without SMTP_URL the server keeps every mail (verification, password reset) here
 * instead of sending it, so sign-up can be finished on a laptop. Production has no outbox.
 */
export function OutboxPanel() {
  const query = useOutbox()
  const absent = isApiError(query.error) && query.error.status === 404

  return (
    <AdminPanel title={t.outboxTitle} intro={t.outboxIntro} refresh={{ label: t.outboxReload, query }}>
      {absent ? (
        <p className="text-sm">{t.outboxAbsent}</p>
      ) : (
        <PanelState query={query} items={query.data?.messages} retry={t.outboxReload} empty={t.outboxNone}>
          {(messages) => (
            <ul aria-label={t.outboxTitle} className="divide-y divide-border text-sm">
              {messages.map((mail) => (
                <li key={mail.id} data-testid="outbox-mail" className="grid gap-1 py-2">
                  {/* an address, and a subject in its recipient's language */}
                  <p className="font-medium wrap-anywhere" data-user-text>
                    {mail.to} · {mail.subject}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={mail.created_at}>{formatPostedDate(mail.created_at)}</time>
                  </p>
                  {mail.link && (
                    // an address, in no language
                    <a href={mail.link} className={linkClass} data-user-text>
                      {mail.link}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </PanelState>
      )}
    </AdminPanel>
  )
}
