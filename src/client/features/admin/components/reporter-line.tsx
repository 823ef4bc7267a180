import { fill } from '#client/i18n/fill.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import type { QueueItem } from '#domain/api/reports.ts'

const t = msgReview.review

type QueueReport = QueueItem['reports'][number]

/**
 * One report with what its reporter's history says about it: an account or a signed-out visitor (a
 * pseudonym, the same on every ad), new or not, how many of their reports were dismissed or upheld,
 * and whether they still can hold ads (docs/decisions/033-reports-that-cost.md).
 */
export function ReporterLine({ report }: { report: QueueReport }) {
  const who = report.reporter
  const history = [
    fill(who.kind === 'account' ? t.reporterAccount : t.reporterVisitor, { label: who.label }),
    who.newAccount ? t.reporterNew : null,
    fill(t.reporterHistory, { made: who.made, dismissed: who.dismissed, upheld: who.upheld }),
    who.canHold ? null : t.reporterCannotHold,
  ].filter((part) => part !== null)
  return (
    <li>
      <time dateTime={report.at}>{formatPostedDate(report.at)}</time> · {t.reasons[report.reason]}
      {report.details && (
        <>
          {' · '}
          <span data-user-text>{report.details}</span>
        </>
      )}
      <span className="block text-xs text-muted-foreground" data-testid="reporter-history">
        {history.join(' · ')}
      </span>
    </li>
  )
}
