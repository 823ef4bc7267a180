import { type FormEvent, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { RadioGroup, RadioGroupItem } from '#client/components/ui/radio-group.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { msg } from '#client/i18n/messages.ts'
import { errorDetail, http } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import {
  MAX_REPORT_DETAILS,
  REPORT_REASONS,
  ReportPaths,
  type ReportReason,
  ReportResponseSchema,
} from '#domain/api/reports.ts'

const t = msg.review

/** POST /ads/{id}/reports: signed in or not (the user's token goes along when there is one). */
function sendReport(adId: string, reason: ReportReason, details: string) {
  return http.post(ReportPaths.report(adId), { reason, details }, { schema: ReportResponseSchema })
}

/** The report form: a reason and optional details. Closed by onDone after sending. */
export function ReportForm({ adId, onDone }: { adId: string; onDone: () => void }) {
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
        description: errorDetail(e, msg.admin.tryAgain),
        variant: 'destructive',
      })
    } finally {
      setSending(false)
    }
  }

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-labelledby={`${id}-title`}
      className="grid gap-3 rounded-lg border p-4"
    >
      <h3 id={`${id}-title`} className="text-sm font-semibold">
        {t.reportTitle}
      </h3>
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
              <RadioGroupItem id={`${id}-reason-${r}`} value={r} aria-invalid={reasonMissing || undefined} />
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
      <div className="grid gap-1">
        <Label htmlFor={`${id}-details`}>{t.reportDetails}</Label>
        <Textarea
          id={`${id}-details`}
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
