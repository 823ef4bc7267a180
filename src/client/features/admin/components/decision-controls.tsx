import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'

const t = msg.trust.admin

interface DecisionControlsProps {
  /** names the item for screen readers: "Approve <label>" */
  label: string
  pending: boolean
  decide: (
    action: 'approve' | 'refuse',
    reason: string,
    done: { onSuccess: () => void; onError: (e: unknown) => void },
  ) => void
}

/** Approve, or refuse with a reason the other side reads: the two trust queues' actions. */
export function DecisionControls({ label, pending, decide }: DecisionControlsProps) {
  const id = useId()
  const [reason, setReason] = useState('')
  const [problem, setProblem] = useState(false)
  const act = (action: 'approve' | 'refuse') => {
    if (action === 'refuse' && reason.trim() === '') {
      setProblem(true)
      document.getElementById(`${id}-reason`)?.focus()
      return
    }
    decide(action, reason.trim(), {
      onSuccess: () => toast({ title: t.decided }),
      onError: (error) =>
        toast({
          title: t.decideFailed,
          description: errorDetail(error, msgReview.admin.tryAgain),
          variant: 'destructive',
        }),
    })
  }
  return (
    <div className="grid gap-2">
      <label htmlFor={`${id}-reason`} className="text-sm font-medium">
        {t.reasonLabel}
      </label>
      <input
        id={`${id}-reason`}
        value={reason}
        maxLength={500}
        aria-invalid={problem}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => {
          setReason(event.target.value)
          setProblem(false)
        }}
        className="h-9 rounded-md border border-input bg-background px-3 text-sm"
      />
      {problem && (
        <p id={`${id}-problem`} className="text-sm text-destructive">
          {t.reasonRequired}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          disabled={pending}
          aria-label={`${t.approve} ${label}`}
          onClick={() => act('approve')}
        >
          {t.approve}
        </Button>
        <Button
          size="sm"
          variant="destructive"
          disabled={pending}
          aria-label={`${t.refuse} ${label}`}
          onClick={() => act('refuse')}
        >
          {t.refuse}
        </Button>
      </div>
    </div>
  )
}
