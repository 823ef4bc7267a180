// What /post and /edit/{id} do alike before they act on the ad form: field errors that clear as
// their field is edited, a missing title said in a toast and focused, and the banned-phrase check.
import { type RefObject, useCallback, useState } from 'react'
import { msgPost } from '#client/i18n/messages-post.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import {
  type AdFormErrors,
  type AdFormValues,
  type FormMode,
  hasErrors,
  validateAdForm,
} from '#domain/ad-form-rules.ts'
import { useCheckModeration } from './api/check-moderation.ts'

const t = msgPost.post

export function useAdFormChecks(mode: FormMode, form: RefObject<HTMLFormElement | null>) {
  const [errors, setErrors] = useState<AdFormErrors>({})
  const check = useCheckModeration()

  /** clears the errors of the fields a change touches */
  const clearErrorsFor = useCallback((patch: Partial<AdFormValues>) => {
    if ('title' in patch) setErrors((e) => ({ ...e, title: undefined }))
    if ('videos' in patch) setErrors((e) => ({ ...e, videos: undefined }))
    if ('photos' in patch) setErrors((e) => ({ ...e, photos: undefined }))
  }, [])

  /** shows the form's errors; false when there are any (a missing title is toasted and focused) */
  const validate = (values: AdFormValues) => {
    const found = validateAdForm(values, mode)
    setErrors(found)
    if (found.title) {
      toast({ title: t.missingTitle, description: t.titleRequired, variant: 'destructive' })
      form.current?.querySelector<HTMLInputElement>('[name="title"]')?.focus()
      return false
    }
    return !hasErrors(found)
  }

  /** the server's banned-phrase check; false, with a toast saying why, when refused or unreachable */
  const passesContentCheck = async (values: AdFormValues) => {
    try {
      const result = await check.mutateAsync({
        title: values.title.trim(),
        description: values.description.trim(),
      })
      if (!result.ok) {
        toast({ title: t.bannedTitle, description: t.bannedDescription, variant: 'destructive' })
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
