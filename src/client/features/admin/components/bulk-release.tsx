import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useReleaseHolds } from '../api/release-holds.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { ReasonField, useReason } from './reason-field.tsx'

const t = msgReview.review

const plural = (forms: { one: string; other: string }, count: number) =>
  count === 1 ? forms.one : fill(forms.other, { count })

/** Releases the held ads ticked in the queue at once, each with the days it had left. */
export function BulkRelease({ selected, onDone }: { selected: readonly string[]; onDone: () => void }) {
  const reason = useReason()
  const release = useReleaseHolds()
  if (selected.length === 0) return null
  const submit = async () => {
    try {
      const answer = await release.mutateAsync({ adIds: [...selected], reason: reason.value })
      toast({ title: plural(t.released, answer.released.length) })
      reason.clear()
      onDone()
    } catch (e) {
      announceAdminFailure(t.releaseFailed, e)
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-lg border border-border bg-muted/40 p-3">
      <ReasonField reason={reason} label={t.releaseReason} className="min-w-48 flex-1" />
      <Button disabled={release.isPending} onClick={() => void submit()}>
        {plural(t.releaseSelected, selected.length)}
      </Button>
    </div>
  )
}
