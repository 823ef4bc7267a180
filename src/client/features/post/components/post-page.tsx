// /post: the form autosaves its draft; Continue requires a title, runs the
// banned-phrase check, hands the ad-to-be to checkout through sessionStorage and goes to
// /checkout?type=post. Offline the check cannot run: the ad is kept and checkout re-runs the check
// before any payment (see post-draft.ts).
import { useRouter } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { loadDraft } from '#client/db/drafts-repository.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { clearCheckoutDraft, writeCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { type AdFormValues, AdFormValuesSchema, emptyFormValues, formToDraft } from '#domain/ad-form-rules.ts'
import type { ModerationState } from '#domain/post-draft.ts'
import { persistDraft, useAutosave } from '../autosave.ts'
import { AdFormLoading, AdFormPage, type AdFormPageProps } from './ad-form-page.tsx'

/** Ids of the user's own ads are prefixed so they never collide with the generated ones. */
function newAdId(): string {
  return `own-${crypto.randomUUID()}`
}

const t = msgPost.post

export function PostPage() {
  const [draft, setDraft] = useState<AdFormValues | null>(null)
  useEffect(() => {
    let live = true
    void loadDraft(AdFormValuesSchema)
      .catch(() => null)
      .then((saved) => {
        if (live) setDraft(saved ?? emptyFormValues())
      })
    return () => {
      live = false
    }
  }, [])
  return draft === null ? <AdFormLoading /> : <PostForm draft={draft} />
}

function PostForm({ draft }: { draft: AdFormValues }) {
  const router = useRouter()
  const [values, setValues] = useState(draft)
  useAutosave(values)

  const submit: AdFormPageProps['onSubmit'] = async (values, passesContentCheck) => {
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
  }

  const saveNow = async () => {
    await persistDraft(values)
    toast({ title: t.draftSaved })
  }

  const clearAll = async (clearErrors: () => void) => {
    const media = [...values.photos, ...values.videos]
    setValues(emptyFormValues())
    clearErrors()
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
      values={values}
      setValues={setValues}
      onSubmit={submit}
      actions={({ busy, clearErrors }) => (
        <>
          <Button type="submit" size="lg" disabled={busy}>
            {busy ? t.checking : t.continue}
          </Button>
          <Button type="button" variant="outline" onClick={() => void saveNow()}>
            {t.saveDraft}
          </Button>
          <Button type="button" variant="ghost" onClick={() => void clearAll(clearErrors)}>
            {t.clearDraft}
          </Button>
        </>
      )}
    />
  )
}
