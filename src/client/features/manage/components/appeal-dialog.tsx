import { useId, useState } from 'react'
import { ConfirmDialog } from '#client/components/form/confirm-dialog.tsx'
import { FormProblem } from '#client/components/form/form-problem.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { MAX_APPEAL_NOTE } from '#domain/api/reports.ts'
import { useAppealHold } from '../api/appeal-hold.ts'

const t = msgPost.manage

/**
 * The owner's one request for a review of a hold, with a note the moderator reads beside the ad in
 * the review queue (docs/decisions/033-reports-that-cost.md). Open while `ad` is set.
 */
export function AppealDialog({
  ad,
  onClose,
}: {
  ad: { id: string; title: string } | null
  onClose: () => void
}) {
  const id = useId()
  const [note, setNote] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const appeal = useAppealHold()

  const close = () => {
    setNote('')
    setProblem(null)
    onClose()
  }

  const submit = () => {
    if (!ad) return
    if (note.trim() === '') {
      setProblem(t.appealNoteRequired)
      document.getElementById(`${id}-note`)?.focus()
      return
    }
    appeal.mutate(
      { adId: ad.id, note: note.trim() },
      {
        onSuccess: () => {
          toast({ title: t.appealSent })
          close()
        },
        // the reason stays in the dialog, beside the note the owner may want to change
        onError: (error) => setProblem(errorDetail(error, t.appealFailed)),
      },
    )
  }

  return (
    <ConfirmDialog
      open={ad !== null}
      onClose={close}
      busy={appeal.isPending}
      title={t.appealTitle}
      description={fill(t.appealIntro, { title: ad?.title ?? '' })}
      cancel={t.cancel}
      confirm={appeal.isPending ? t.appealSending : t.appealSend}
      onConfirm={submit}
    >
      <div className="grid gap-2">
        <Label htmlFor={`${id}-note`}>{t.appealNote}</Label>
        <Textarea
          id={`${id}-note`}
          value={note}
          maxLength={MAX_APPEAL_NOTE}
          aria-invalid={problem !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => {
            setNote(event.target.value)
            setProblem(null)
          }}
        />
        <FormProblem id={`${id}-problem`}>{problem}</FormProblem>
      </div>
    </ConfirmDialog>
  )
}
