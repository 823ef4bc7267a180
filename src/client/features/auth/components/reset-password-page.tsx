import { Link, useRouter } from '@tanstack/react-router'
import { useEffect, useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useResetPassword } from '../api/reset-password.ts'
import { type ResetProblem, validateNewPassword } from '../auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

const t = msgAuth.reset

export function ResetPasswordPage({ token }: { token: string }) {
  const id = useId()
  const router = useRouter()
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<ResetProblem | null>(null)
  const [failed, setFailed] = useState(false)
  const reset = useResetPassword()

  // Without a token, 'Invalid Link', then on to request a new one
  useEffect(() => {
    if (token) return
    toast({ title: t.invalidLinkTitle, description: t.invalidLinkDescription, variant: 'destructive' })
    void router.navigate({ to: '/forgot-password', replace: true })
  }, [token, router])

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateNewPassword(password, confirm)
    setProblem(found)
    if (found === 'tooShort') {
      toast({ title: t.tooShortTitle, description: t.tooShort, variant: 'destructive' })
      document.getElementById(`${id}-password`)?.focus()
      return
    }
    if (found === 'mismatch') {
      toast({ title: t.mismatchTitle, description: t.mismatch, variant: 'destructive' })
      document.getElementById(`${id}-confirm`)?.focus()
      return
    }
    setFailed(false)
    reset.mutate(
      { token, new_password: password },
      {
        onSuccess: () => {
          toast({ title: t.successTitle, description: t.successDescription })
          void router.navigate({ to: '/login', replace: true })
        },
        onError: () => {
          setFailed(true)
          toast({ title: t.failedTitle, description: t.failedDescription, variant: 'destructive' })
        },
      },
    )
  }

  if (!token) return null

  return (
    <AuthCard title={t.title} intro={t.intro}>
      {failed && (
        <div
          role="alert"
          className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 px-3 py-2 text-sm"
        >
          <strong className="font-semibold">{t.failedTitle}.</strong> {t.failedDescription}{' '}
          <Link
            to="/forgot-password"
            className="rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            {msgAuth.forgot.submit}
          </Link>
        </div>
      )}
      <form noValidate onSubmit={submit} aria-labelledby="auth-title" className="grid gap-2">
        <NewPasswordFields
          id={id}
          password={password}
          confirm={confirm}
          problem={problem}
          onPasswordChange={(e) => {
            setPassword(e.target.value)
            if (problem) setProblem(null)
          }}
          onConfirmChange={(e) => {
            setConfirm(e.target.value)
            if (problem) setProblem(null)
          }}
        />
        <Button type="submit" size="lg" disabled={reset.isPending}>
          {reset.isPending ? t.submitting : t.submit}
        </Button>
      </form>
    </AuthCard>
  )
}
