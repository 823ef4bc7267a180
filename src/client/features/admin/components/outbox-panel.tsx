import { RefreshCwIcon } from 'lucide-react'
import { useId } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { isApiError } from '#client/lib/http.ts'
import { useOutbox } from '../api/outbox.ts'
import { PanelState } from './panel-state.tsx'

const t = msgReview.admin

const linkClass =
  'break-all rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

/**
 * The mail outbox: without SMTP_URL the server keeps every mail (verification, password reset) here
 * instead of sending it, so sign-up can be finished on a laptop. Production has no outbox.
 */
export function OutboxPanel() {
  const id = useId()
  const query = useOutbox()
  const messages = query.data?.messages
  const absent = isApiError(query.error) && query.error.status === 404

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="grid gap-4 rounded-xl border border-border bg-card p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {t.outboxTitle}
          </h2>
          <p className="text-sm text-muted-foreground">{t.outboxIntro}</p>
        </div>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          <RefreshCwIcon aria-hidden="true" />
          {t.outboxReload}
        </Button>
      </div>
      {absent ? (
        <p className="text-sm">{t.outboxAbsent}</p>
      ) : (
        <PanelState query={query} retry={t.outboxReload}>
          {messages && messages.length === 0 && <p className="text-sm">{t.outboxNone}</p>}
          {messages && messages.length > 0 && (
            <ul aria-label={t.outboxTitle} className="divide-y divide-border text-sm">
              {messages.map((mail) => (
                <li key={mail.id} data-testid="outbox-mail" className="grid gap-1 py-2">
                  <p className="font-medium wrap-anywhere">
                    {mail.to} · {mail.subject}
                  </p>
                  <p className="text-xs text-muted-foreground">
                    <time dateTime={mail.created_at}>{formatPostedDate(mail.created_at)}</time>
                  </p>
                  {mail.link && (
                    <a href={mail.link} className={linkClass}>
                      {mail.link}
                    </a>
                  )}
                </li>
              ))}
            </ul>
          )}
        </PanelState>
      )}
    </section>
  )
}
