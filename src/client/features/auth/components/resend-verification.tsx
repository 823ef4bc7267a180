import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useResendVerification } from '../api/resend-verification.ts'
import { failureToast, useEmailForm } from './account-forms.tsx'

const t = msgAuth.resend

/**
 * The resend box, on /register after signing up and on /login when the address is not verified yet:
 * an email, then a new verification link is mailed.
 */
export function ResendVerification({
  defaultEmail = '',
  title = t.title,
}: {
  defaultEmail?: string
  title?: string
}) {
  const form = useEmailForm(defaultEmail, t)
  const id = form.id
  const resend = useResendVerification()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!form.check()) return
    resend.mutate(
      { email: form.email },
      {
        onSuccess: (answer) =>
          answer.status === 'already_verified'
            ? toast({ title: t.alreadyVerifiedTitle, description: t.alreadyVerifiedDescription })
            : toast({ title: t.sentTitle, description: answer.message }),
        onError: failureToast(t.failedTitle, t.failedDescription),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <TextField {...form.field} />
      <Button type="submit" variant="outline" disabled={resend.isPending} className="justify-self-start">
        {resend.isPending ? t.submitting : t.submit}
      </Button>
    </form>
  )
}
