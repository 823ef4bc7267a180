import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useReleaseHolds } from '../api/release-holds.ts'
import { announceAdminFailure } from './admin-failure.ts'

const t = msgReview.review

const plural = (forms: { one: string; other: string }, count: number) =>
  count === 1 ? forms.one : fill(forms.other, { count })

/** Releases the held ads ticked in the queue at once, each with the days it had left. */
export function BulkRelease({ selected, onDone }: { selected: readonly string[]; onDone: () => void }) {
  const id = useId()
  const [reason, setReason] = useState('')
  const release = useReleaseHolds()
  if (selected.length === 0) return null
  const submit = async () => {
    try {
      const answer = await release.mutateAsync({ adIds: [...selected], reason })
      toast({ title: plural(t.released, answer.released.length) })
      setReason('')
      onDone()
    } catch (e) {
      announceAdminFailure(t.releaseFailed, e)
    }
  }
  return (
    <div className="flex flex-wrap items-end gap-2 rounded-lg border border-border bg-muted/40 p-3">
      <div className="grid min-w-48 flex-1 gap-1">
        <label htmlFor={`${id}-reason`} className="text-sm font-medium">
          {t.releaseReason}
        </label>
        <input
          id={`${id}-reason`}
          className="rounded-md border border-input bg-background px-2 py-1 text-sm"
          value={reason}
          maxLength={500}
          onChange={(e) => setReason(e.target.value)}
        />
      </div>
      <Button disabled={release.isPending} onClick={() => void submit()}>
        {plural(t.releaseSelected, selected.length)}
      </Button>
    </div>
  )
}
