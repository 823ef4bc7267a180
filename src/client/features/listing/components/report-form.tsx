import { type FormEvent, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { errorDetail, http } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { AD_ACTION_FIELDS } from '#domain/ad-actions.ts'
import {
  MAX_REPORT_DETAILS,
  REPORT_REASONS,
  ReportPaths,
  type ReportReason,
  ReportResponseSchema,
} from '#domain/api/reports.ts'

const t = msgReview.review

/** POST /ads/{id}/reports: signed in or not (the user's token goes along when there is one). */
function sendReport(adId: string, reason: ReportReason, details: string) {
  return http.post(ReportPaths.report(adId), { reason, details }, { schema: ReportResponseSchema })
}

/**
 * The report form: a reason and optional details. Closed by onDone after sending. Rendered for the
 * server (src/client/ad-actions-markup.tsx) with an `action`, it is a plain form the server answers.
 */
export function ReportForm({ adId, onDone, action }: { adId: string; onDone: () => void; action?: string }) {
  const id = useId()
  // no reason is chosen for the reporter: a preselected one would file reports nobody meant
  const [reason, setReason] = useState<ReportReason | null>(null)
  const [reasonMissing, setReasonMissing] = useState(false)
  const [details, setDetails] = useState('')
  // plain state, not a query mutation: the dialog is also shown where no QueryClient is provided
  const [sending, setSending] = useState(false)

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (reason === null) {
      setReasonMissing(true)
      document.getElementById(`${id}-reason-${REPORT_REASONS[0]}`)?.focus()
      return
    }
    setSending(true)
    try {
      const answer = await sendReport(adId, reason, details.trim())
      toast({ title: answer.already_reported ? t.reportAlready : t.reportThanks })
      onDone()
    } catch (e) {
      toast({
        title: t.reportFailed,
        description: errorDetail(e, msgReview.admin.tryAgain),
        variant: 'destructive',
      })
    } finally {
      setSending(false)
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      method={action ? 'post' : undefined}
      action={action}
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border p-4"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t.reportTitle}
      </h3>
      {/* the server's plain form (an `action`) works without JavaScript, so its radios are native ones */}
      {action ? (
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">{t.reportReason}</legend>
          {REPORT_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-2 text-sm">
              <input
                type="radio"
                name={AD_ACTION_FIELDS.reason}
                value={r}
                required
                checked={reason === r}
                onChange={() => setReason(r)}
              />
              {t.reasons[r]}
            </label>
          ))}
        </fieldset>
      ) : (
        <div className="grid gap-2">
          <span id={`${id}-reason-label`} className="text-sm font-medium">
            {t.reportReason}
          </span>
          <RadioGroup
            aria-labelledby={`${id}-reason-label`}
            aria-required="true"
            aria-invalid={reasonMissing || undefined}
            aria-describedby={reasonMissing ? `${id}-reason-error` : undefined}
            value={reason ?? ''}
            onValueChange={(value) => {
              const chosen = REPORT_REASONS.find((r) => r === value)
              if (!chosen) return
              setReason(chosen)
              setReasonMissing(false)
            }}
          >
            {REPORT_REASONS.map((r) => (
              <div key={r} className="flex items-center gap-2">
                <RadioGroupItem
                  id={`${id}-reason-${r}`}
                  value={r}
                  aria-invalid={reasonMissing || undefined}
                />
                <Label htmlFor={`${id}-reason-${r}`} className="font-normal">
                  {t.reasons[r]}
                </Label>
              </div>
            ))}
          </RadioGroup>
          {reasonMissing && (
            <p id={`${id}-reason-error`} role="alert" className="text-sm font-medium text-destructive">
              {t.reportReasonRequired}
            </p>
          )}
        </div>
      )}
      <div className="grid gap-1">
        <Label htmlFor={`${id}-details`}>{t.reportDetails}</Label>
        <Textarea
          id={`${id}-details`}
          name={AD_ACTION_FIELDS.details}
          value={details}
          maxLength={MAX_REPORT_DETAILS}
          onChange={(e) => setDetails(e.target.value)}
        />
      </div>
      <div className="flex justify-end">
        <Button type="submit" disabled={sending}>
          {sending ? t.reportSending : t.reportSend}
        </Button>
      </div>
    </form>
  )
}
