import { Trash2Icon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { BannedPhrase } from '#domain/api/moderation.ts'
import { useAddBannedPhrase } from '../api/add-banned-phrase.ts'
import { useBannedPhrases } from '../api/banned-phrases.ts'
import { useDeleteBannedPhrase } from '../api/delete-banned-phrase.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { AdminPanel } from './admin-panel.tsx'
import { PanelState } from './panel-state.tsx'

const t = msgReview.admin

function countLabel(n: number): string {
  if (n === 0) return t.count.zero
  if (n === 1) return t.count.one
  return t.count.other.replace('{count}', String(n))
}

/** The banned-phrase list with add (non-blank) and delete. */
export function BannedPhrasesPanel() {
  const id = useId()
  const phrases = useBannedPhrases()
  const add = useAddBannedPhrase()
  const remove = useDeleteBannedPhrase()
  const [phrase, setPhrase] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [filter, setFilter] = useState('')

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!phrase.trim()) {
      setError(t.phraseBlank)
      document.getElementById(`${id}-phrase`)?.focus()
      return
    }
    setError(undefined)
    add.mutate(
      { phrase: phrase.trim() },
      {
        onSuccess: (added) => {
          setPhrase('')
          toast({ title: t.added, description: added.phrase })
        },
        onError: (e) => announceAdminFailure(t.addFailed, e),
      },
    )
  }

  // Admin errors are toasts too; the inline message stays for those who missed it
  const loadError = phrases.isError ? phrases.error : null
  useEffect(() => {
    if (loadError) announceAdminFailure(t.loadFailed, loadError)
  }, [loadError])

  const needle = filter.trim().toLowerCase()
  const matching = (list: readonly BannedPhrase[]) =>
    needle ? list.filter((p) => p.phrase.toLowerCase().includes(needle)) : list

  return (
    <AdminPanel title={t.phrasesTitle} intro={t.phrasesIntro}>
      <form noValidate onSubmit={submit} className="flex flex-wrap items-start gap-2">
        <div className="min-w-0 flex-1 basis-60">
          <TextField
            id={`${id}-phrase`}
            label={t.phraseLabel}
            placeholder={t.phrasePlaceholder}
            value={phrase}
            error={error}
            maxLength={200}
            onChange={(e) => {
              setPhrase(e.target.value)
              if (error) setError(undefined)
            }}
          />
        </div>
        <Button type="submit" disabled={add.isPending} className="mt-6">
          {add.isPending ? t.adding : t.add}
        </Button>
      </form>

      <PanelState query={phrases} items={phrases.data} retry={t.retry}>
        {(list) => (
          <>
            <div className="flex flex-wrap items-end justify-between gap-2">
              <p className="text-sm font-medium" aria-live="polite">
                {countLabel(list.length)}
              </p>
              <div className="grid gap-1.5">
                <Label htmlFor={`${id}-filter`}>{t.filterLabel}</Label>
                <Input
                  id={`${id}-filter`}
                  type="search"
                  placeholder={t.filterPlaceholder}
                  value={filter}
                  onChange={(e) => setFilter(e.target.value)}
                  className="w-56"
                />
              </div>
            </div>
            {matching(list).length === 0 && needle ? (
              <p className="text-sm text-muted-foreground">{t.noMatches}</p>
            ) : (
              <ul
                aria-label={t.phrasesTitle}
                className="divide-y divide-border rounded-md border border-border"
              >
                {matching(list).map((p) => (
                  <li key={p.id} className="flex items-center justify-between gap-3 px-3 py-2">
                    <span className="min-w-0 break-words text-sm" data-user-text>
                      {p.phrase}
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      aria-label={t.deletePhrase.replace('{phrase}', p.phrase)}
                      disabled={remove.isPending && remove.variables === p.id}
                      onClick={() =>
                        remove.mutate(p.id, {
                          onSuccess: () => toast({ title: t.deleted, description: p.phrase }),
                          onError: (e) => announceAdminFailure(t.deleteFailed, e),
                        })
                      }
                    >
                      <Trash2Icon aria-hidden="true" />
                      {t.delete}
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </>
        )}
      </PanelState>
    </AdminPanel>
  )
}
