// /post: the form autosaves its draft; Continue requires a title, runs the
// banned-phrase check, hands the ad-to-be to checkout through sessionStorage and goes to
// /checkout?type=post. Offline the check cannot run: the ad is kept and checkout re-runs the check
// before any payment (see post-draft.ts).
import { useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { loadDraft } from '#client/db/drafts-repository.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { clearCheckoutDraft, writeCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { uploads } from '#client/lib/media/uploads.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { type AdFormValues, AdFormValuesSchema, emptyFormValues, formToDraft } from '#domain/ad-form-rules.ts'
import type { ModerationState } from '#domain/post-draft.ts'
import { useAdFormChecks } from '../ad-form-checks.ts'
import { persistDraft, useAutosave } from '../autosave.ts'
import { AdFormPage } from './ad-form-page.tsx'

/** Ids of the user's own ads are prefixed so they never collide with the generated ones. */
function newAdId(): string {
  return `own-${crypto.randomUUID()}`
}

const t = msgPost.post

export function PostPage() {
  const router = useRouter()
  const form = useRef<HTMLFormElement>(null)
  const [values, setValues] = useState<AdFormValues | null>(null)
  const { errors, setErrors, clearErrorsFor, validate, passesContentCheck } = useAdFormChecks('post', form)
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let live = true
    void loadDraft(AdFormValuesSchema)
      .catch(() => null)
      .then((draft) => {
        if (live) setValues(draft ?? emptyFormValues())
      })
    return () => {
      live = false
    }
  }, [])
  useAutosave(values)

  const change = useCallback(
    (patch: Partial<AdFormValues>) => {
      setValues((v) => (v ? { ...v, ...patch } : v))
      clearErrorsFor(patch)
    },
    [clearErrorsFor],
  )

  if (values === null) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10" aria-busy="true">
        <p className="text-muted-foreground">{t.loading}</p>
      </div>
    )
  }

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate(values)) return
    // files still on their way are fine (checkout waits for them); a refused one must go first
    if (uploads.anyFailed([...values.photos, ...values.videos])) {
      toast({ title: t.uploadsFailedTitle, description: t.uploadsFailedDescription, variant: 'destructive' })
      return
    }
    setBusy(true)
    try {
      let moderation: ModerationState = 'ok'
      if (!navigator.onLine) {
        moderation = 'pending'
        toast({ title: t.offlineTitle, description: t.offlineDescription })
      } else if (!(await passesContentCheck(values))) {
        return
      }
      await persistDraft(values)
      writeCheckoutDraft(formToDraft(values, newAdId(), moderation))
      await router.navigate({ href: '/checkout?type=post' })
    } finally {
      setBusy(false)
    }
  }

  const saveNow = async () => {
    await persistDraft(values)
    toast({ title: t.draftSaved })
  }

  const clearAll = async () => {
    const media = [...values.photos, ...values.videos]
    setValues(emptyFormValues())
    setErrors({})
    clearCheckoutDraft()
    await persistDraft(emptyFormValues())
    await deleteMedia(media)
    toast({ title: t.draftCleared })
  }

  return (
    <AdFormPage
      mode="post"
      title={t.title}
      intro={t.intro}
      form={form}
      values={values}
      onChange={change}
      errors={errors}
      onSubmit={submit}
      actions={
        <>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t.checking : t.continue}
          </Button>
          <Button type="button" variant="outline" onClick={() => void saveNow()}>
            {t.saveDraft}
          </Button>
          <Button type="button" variant="ghost" onClick={() => void clearAll()}>
            {t.clearDraft}
          </Button>
        </>
      }
    />
  )
}
