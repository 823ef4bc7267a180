// The one ad-form page of /post and /edit/{id}: the heading, the form's fields and the page's own
// buttons. Each page owns its values and what submitting does (post-page.tsx, edit-page.tsx).
import { type ReactNode, type RefObject, useId } from 'react'
import { deleteMedia } from '#client/lib/media/media-store.ts'
import { type AdFormErrors, type AdFormValues, type FormMode, maxVideos } from '#domain/ad-form-rules.ts'
import { AdForm } from './ad-form.tsx'

export interface AdFormPageProps {
  mode: FormMode
  title: string
  intro?: string
  form: RefObject<HTMLFormElement | null>
  values: AdFormValues
  onChange: (patch: Partial<AdFormValues>) => void
  errors: AdFormErrors
  onSubmit: (event: React.FormEvent<HTMLFormElement>) => void
  /** the submit button and the page's other actions */
  actions: ReactNode
}

export function AdFormPage({
  mode,
  title,
  intro,
  form,
  values,
  onChange,
  errors,
  onSubmit,
  actions,
}: AdFormPageProps) {
  const headingId = useId()
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-10">
      <h1 id={headingId} className="text-3xl font-bold tracking-tight">
        {title}
      </h1>
      {intro && <p className="mt-2 text-muted-foreground">{intro}</p>}
      <form ref={form} noValidate aria-labelledby={headingId} onSubmit={onSubmit} className="mt-8 grid gap-8">
        <AdForm
          values={values}
          onChange={onChange}
          errors={errors}
          maxVideos={maxVideos(mode)}
          onMediaRemoved={(refs) => void deleteMedia(refs)}
        />
        <div className="flex flex-wrap items-center gap-3 border-t border-border pt-6">{actions}</div>
      </form>
    </div>
  )
}
