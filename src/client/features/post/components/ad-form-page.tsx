// The one ad-form page of /post and /edit/{id}: the heading, the form's fields, the checks both make
// before acting (the API's rules on each field, no refused upload) and the page's own buttons. Each
// page owns its values and what submitting does (post-page.tsx, edit-page.tsx).
import {
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useId,
  useRef,
  useState,
} from 'react'
import { msgPost } from '#client/i18n/messages-post.ts'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { uploads } from '#client/lib/media/uploads.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { type AdFormValues, type FormMode, maxVideos } from '#domain/ad-form-rules.ts'
import { SERVICES_CATEGORY } from '#domain/categories.ts'
import { useAdFormChecks } from '../ad-form-checks.ts'
import { AdForm } from './ad-form.tsx'
import { useCompanionVerification } from './companion-rules.tsx'

const t = msgPost.post

export interface AdFormPageProps {
  mode: FormMode
  title: string
  intro?: string
  values: AdFormValues
  setValues: Dispatch<SetStateAction<AdFormValues>>
  /**
   * What submitting does, once every field passes its rules and no upload has been refused (files
   * still on their way are fine: the next step waits for them). The buttons are busy until it ends.
   */
  onSubmit: (
    values: AdFormValues,
    passesContentCheck: (values: AdFormValues) => Promise<boolean>,
  ) => Promise<void>
  /** the submit button and the page's other actions */
  actions: (page: { busy: boolean; clearErrors: () => void }) => ReactNode
}

export function AdFormPage({ mode, title, intro, values, setValues, onSubmit, actions }: AdFormPageProps) {
  const headingId = useId()
  const form = useRef<HTMLFormElement>(null)
  const { errors, setErrors, clearErrorsFor, validate, passesContentCheck } = useAdFormChecks(mode, form)
  const [busy, setBusy] = useState(false)
  const verification = useCompanionVerification(values.category === SERVICES_CATEGORY)

  const change = useCallback(
    (patch: Partial<AdFormValues>) => {
      setValues((v) => ({ ...v, ...patch }))
      clearErrorsFor(patch)
    },
    [setValues, clearErrorsFor],
  )

  const submit = async (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!validate(values)) return
    // an unverified advertiser's companion ad would be refused at checkout: say so here, keep the draft
    // (docs/decisions/049-open-in-canada.md); when the status is unknown (offline) the server decides
    if (
      values.category === SERVICES_CATEGORY &&
      (verification === 'unverified' || verification === 'pending')
    ) {
      toast({ title: t.companion.blockedTitle, description: t.companion.verifyBody, variant: 'destructive' })
      return
    }
    if (uploads.anyFailed([...values.photos, ...values.videos])) {
      toast({ title: t.uploadsFailedTitle, description: t.uploadsFailedDescription, variant: 'destructive' })
      return
    }
    setBusy(true)
    try {
      await onSubmit(values, passesContentCheck)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 id={headingId} className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      {intro && <p className="mt-2 text-muted-foreground">{intro}</p>}
      <form ref={form} noValidate aria-labelledby={headingId} onSubmit={submit} className="mt-8 grid gap-8">
        <AdForm
          values={values}
          onChange={change}
          errors={errors}
          maxVideos={maxVideos(mode)}
          onMediaRemoved={(refs) => void deleteMedia(refs)}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-6">
          {actions({ busy, clearErrors: () => setErrors({}) })}
        </div>
      </form>
    </div>
  )
}

/** What both pages show while the values they start from are still on their way. */
export function AdFormLoading() {
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-10" aria-busy="true">
      <p className="text-muted-foreground">{t.loading}</p>
    </div>
  )
}
