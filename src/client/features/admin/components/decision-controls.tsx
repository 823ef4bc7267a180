import { Button } from '#client/components/ui/button.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { ReasonField, useReason } from './reason-field.tsx'

const t = msgVerification.admin

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
  const reason = useReason()
  const act = (action: 'approve' | 'refuse') => {
    const given = action === 'refuse' ? reason.require() : reason.value.trim()
    if (given === null) return
    decide(action, given, {
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
      <ReasonField reason={reason} label={t.reasonLabel} />
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
