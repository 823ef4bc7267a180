import { Link } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { en } from '#client/i18n/en.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useForgotPassword } from '../api/forgot-password.ts'
import { AuthCard } from './auth-card.tsx'

const t = en.auth.forgot

export function ForgotPasswordPage() {
  const id = useId()
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | undefined>()
  const [sent, setSent] = useState<string | null>(null)
  const forgot = useForgotPassword()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!email.trim()) {
      setError(t.emailRequired)
      toast({ title: t.emailRequiredTitle, description: t.emailRequired, variant: 'destructive' })
      document.getElementById(`${id}-email`)?.focus()
      return
    }
    setError(undefined)
    forgot.mutate(
      { email: email.trim() },
      {
        onSuccess: (answer) => {
          const message = answer.message || t.sentDescription
          toast({ title: t.sentTitle, description: message })
          setSent(message)
        },
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
    <AuthCard title={t.title} intro={t.intro}>
      {sent !== null && (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          <strong className="font-semibold">{t.sentTitle}.</strong> {sent}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-labelledby="auth-title" className="grid gap-2">
        <TextField
          id={`${id}-email`}
          label={en.auth.emailLabel}
          type="email"
          autoComplete="email"
          required
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value)
            if (error) setError(undefined)
          }}
        />
        <Button type="submit" size="lg" disabled={forgot.isPending}>
          {forgot.isPending ? t.submitting : t.submit}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        <Link
          to="/login"
          className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t.backToLogin}
        </Link>
      </p>
    </AuthCard>
  )
}
