import { useId, useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { en } from '#client/i18n/en.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useResendVerification } from '../api/resend-verification.ts'

const t = en.auth.resend

/** The resend box (spec sections 2 and 5): an email, then a new verification link is mailed. */
export function ResendVerification({
  defaultEmail = '',
  title = t.title,
}: {
  defaultEmail?: string
  title?: string
}) {
  const id = useId()
  const [email, setEmail] = useState(defaultEmail)
  const [error, setError] = useState<string | undefined>()
  const resend = useResendVerification()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!email.trim()) {
      setError(t.emailRequired)
      toast({ title: t.emailRequiredTitle, description: t.emailRequired, variant: 'destructive' })
      document.getElementById(`${id}-email`)?.focus()
      return
    }
    setError(undefined)
    resend.mutate(
      { email: email.trim() },
      {
        onSuccess: (answer) =>
          answer.status === 'already_verified'
            ? toast({ title: t.alreadyVerifiedTitle, description: t.alreadyVerifiedDescription })
            : toast({ title: t.sentTitle, description: answer.message }),
        onError: (e) =>
          toast({
            title: t.failedTitle,
            description: errorDetail(e, t.failedDescription),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="text-base font-semibold">
        {title}
      </h2>
      <TextField
        id={`${id}-email`}
        label={en.auth.emailLabel}
        type="email"
        autoComplete="email"
        value={email}
        error={error}
        onChange={(e) => {
          setEmail(e.target.value)
          if (error) setError(undefined)
        }}
      />
      <Button type="submit" variant="outline" disabled={resend.isPending} className="justify-self-start">
        {resend.isPending ? t.submitting : t.submit}
      </Button>
    </form>
  )
}
