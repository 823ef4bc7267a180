// /edit/{id}: the post form's fields for one of the user's own ads. Generated
// ads are not editable; an id that is not among the user's ads on this device is not found. Saving
// keeps postedAt (only a bump moves it) and records the edit date.
import { Link, useRouter } from '@tanstack/react-router'
import { useCallback, useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { updateUserAd, useUserAd } from '#client/db/ads-repository.ts'
import { msg } from '#client/i18n/messages.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { type Ad, GENERATED_AD_ID_PREFIX } from '#domain/ad.ts'
import { type AdFormValues, adToFormValues, formToAdFields, maxVideos } from '#domain/ad-form-rules.ts'
import { AdForm } from './ad-form.tsx'
import { useAdFormChecks } from './ad-form-checks.ts'

const t = msg.post

function Notice({ title, description }: { title: string; description?: string }) {
  // announced once when the page lands here; the toast says the same for those who miss it
  useEffect(() => {
    toast({ title, description, variant: 'destructive' })
  }, [title, description])
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10">
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      {description && <p className="mt-2 text-muted-foreground">{description}</p>}
      <Button asChild variant="outline" className="mt-6">
        <Link to="/manage">{t.backToManage}</Link>
      </Button>
    </div>
  )
}

export function EditPage({ id }: { id: string }) {
  const ad = useUserAd(id)
  if (id.startsWith(GENERATED_AD_ID_PREFIX)) {
    return <Notice title={t.notEditableTitle} description={t.notEditableDescription} />
  }
  if (ad === undefined) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10" aria-busy="true">
        <p className="text-muted-foreground">{t.loading}</p>
      </div>
    )
  }
  if (ad === null) return <Notice title={t.notFound} />
  return <EditForm ad={ad} />
}

function EditForm({ ad }: { ad: Ad }) {
  const router = useRouter()
  const form = useRef<HTMLFormElement>(null)
  // the form starts from the ad as it was when the page opened; later changes elsewhere don't reset typing
  const [values, setValues] = useState<AdFormValues>(() => adToFormValues(ad))
  const [saving, setSaving] = useState(false)
  const { errors, clearErrorsFor, validate, passesContentCheck } = useAdFormChecks('edit', form)

  const change = useCallback(
    (patch: Partial<AdFormValues>) => {
      setValues((v) => ({ ...v, ...patch }))
      clearErrorsFor(patch)
    },
    [clearErrorsFor],
  )

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate(values)) return
    setSaving(true)
    try {
      // The ads are kept on this device only (mock mode), so an offline edit is saved; online, the
      // same banned-phrase check as posting keeps an edit from slipping one in.
      if (navigator.onLine && !(await passesContentCheck(values))) return
      const before = [...ad.images, ...ad.videos]
      const updated = await updateUserAd(ad.id, formToAdFields(values))
      if (!updated) {
        toast({ title: t.notFound, variant: 'destructive' })
        return
      }
      const kept = new Set([...updated.images, ...updated.videos])
      await deleteMedia(before.filter((ref) => !kept.has(ref)))
      toast({ title: t.updated })
      await router.navigate({ to: '/manage' })
    } finally {
      setSaving(false)
    }
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 id="edit-title" className="text-3xl font-bold tracking-tight">
        {t.editTitle}
      </h1>
      <form ref={form} noValidate aria-labelledby="edit-title" onSubmit={submit} className="mt-8 grid gap-8">
        <AdForm values={values} onChange={change} errors={errors} maxVideos={maxVideos('edit')} />
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-6">
          <Button type="submit" size="lg" disabled={saving}>
            {saving ? t.saving : t.save}
          </Button>
          <Button asChild variant="ghost">
            <Link to="/manage">{t.cancel}</Link>
          </Button>
        </div>
      </form>
    </div>
  )
}
