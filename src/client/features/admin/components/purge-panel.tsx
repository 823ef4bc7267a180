import { useId, useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { usePurge } from '../api/purge.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { AdminPanel } from './admin-panel.tsx'

const t = msgReview.admin

/** Purge all user data; the button works only once DELETE is typed. */
export function PurgePanel() {
  const id = useId()
  const [confirm, setConfirm] = useState('')
  const purge = usePurge()
  const armed = confirm === t.purgeWord

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!armed) return
    purge.mutate(undefined, {
      onSuccess: () => {
        setConfirm('')
        toast({ title: t.purged })
      },
      onError: (e) => announceAdminFailure(t.purgeFailed, e),
    })
  }

  const counts = purge.data ? Object.entries(purge.data.deleted).sort(([a], [b]) => a.localeCompare(b)) : null

  return (
    <AdminPanel title={t.purgeTitle} intro={t.purgeIntro} danger>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-60">
          <TextField
            id={`${id}-confirm`}
            label={t.purgeConfirmLabel}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={confirm}
            onChange={(e) => setConfirm(e.target.value)}
          />
        </div>
        <Button type="submit" variant="destructive" disabled={!armed || purge.isPending} className="mt-6">
          {purge.isPending ? t.purging : t.purge}
        </Button>
      </form>
      {counts && (
        <div role="status" className="grid gap-2">
          <h3 className="text-sm font-semibold">{t.deletedCounts}</h3>
          <dl aria-label={t.deletedCounts} className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
            {counts.map(([table, n]) => (
              <div key={table} className="contents">
                <dt className="font-mono">{table}</dt>
                <dd className="text-right tabular-nums">{n}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
    </AdminPanel>
  )
}
