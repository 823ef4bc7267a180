// What /post and /edit/{id} do alike before they act on the ad form: the API's own rules checked on
// each field (the problem said on the field until the field is edited), a missing title also said in
// the spec's toast, and the banned-phrase check, whose phrases are named on the field they are in.
import { type RefObject, useCallback, useState } from 'react'
import { msgPost } from '#client/i18n/messages-post.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import {
  type AdFormErrors,
  type AdFormValues,
  bannedPhraseErrors,
  type FormMode,
  hasErrors,
  validateAdForm,
} from '#domain/ad-form-rules.ts'
import { useCheckModeration } from './api/check-moderation.ts'

const t = msgPost.post

/** the form's first marked field takes the focus, so a keyboard or screen-reader user lands on it */
function focusFirstProblem(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
}

export function useAdFormChecks(mode: FormMode, form: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<AdFormErrors>({})
  const check = useCheckModeration()

  /** clears the errors of the fields a change touches */
  const clearErrorsFor = useCallback((patch: Partial<AdFormValues>) => {
    setErrors((current) => {
      const touched = Object.keys(patch).filter((key) => key in current)
      if (touched.length === 0) return current
      const next: Record<string, unknown> = { ...current }
      for (const key of touched) delete next[key]
      return next as AdFormErrors
    })
  }, [])

  /** shows the form's errors on their fields; false when there are any (a missing title is also toasted) */
  const validate = (values: AdFormValues) => {
    const found = validateAdForm(values, mode)
    setErrors(found)
    if (found.title?.kind === 'required') {
      toast({ title: t.missingTitle, description: t.titleRequired, variant: 'destructive' })
    }
    if (!hasErrors(found)) return true
    // after React has marked the fields
    requestAnimationFrame(() => focusFirstProblem(form.current))
    return false
  }

  /** the server's banned-phrase check; false when refused (phrases named on their fields) or unreachable */
  const passesContentCheck = async (values: AdFormValues) => {
    try {
      const result = await check.mutateAsync({
        title: values.title.trim(),
        description: values.description.trim(),
      })
      if (!result.ok) {
        toast({ title: t.bannedTitle, description: t.bannedDescription, variant: 'destructive' })
        setErrors((current) => ({ ...current, ...bannedPhraseErrors(result.fields) }))
        requestAnimationFrame(() => focusFirstProblem(form.current))
        return false
      }
      return true
    } catch {
      toast({ title: t.checkFailedTitle, description: t.checkFailedDescription, variant: 'destructive' })
      return false
    }
  }

  return { errors, setErrors, clearErrorsFor, validate, passesContentCheck }
}
