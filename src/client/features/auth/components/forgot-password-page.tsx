import { useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useForgotPassword } from '../api/forgot-password.ts'
import { AuthLink, failureToast, useEmailForm } from './account-forms.tsx'
import { AuthCard } from './auth-card.tsx'

const t = msgAuth.forgot

export function ForgotPasswordPage() {
  const form = useEmailForm('', t)
  const [sent, setSent] = useState<string | null>(null)
  const forgot = useForgotPassword()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!form.check()) return
    forgot.mutate(
      { email: form.email },
      {
        onSuccess: (answer) => {
          const message = answer.message || t.sentDescription
          toast({ title: t.sentTitle, description: message })
          setSent(message)
        },
        onError: failureToast(t.failedTitle, t.failedDescription),
      },
    )
  }

  return (
    <AuthCard title={t.title} intro={t.intro}>
      {sent !== null && (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          <strong className="font-semibold">{t.sentTitle}.</strong> {sent}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-labelledby="auth-title" className="grid gap-2">
        <TextField {...form.field} required />
        <Button type="submit" size="lg" disabled={forgot.isPending}>
          {forgot.isPending ? t.submitting : t.submit}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        <AuthLink to="/login">{t.backToLogin}</AuthLink>
      </p>
    </AuthCard>
  )
}
