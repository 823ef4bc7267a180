import { Link, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { useFieldErrors } from '#client/components/form/use-field-errors.ts'
import { Button } from '#client/components/ui/button.tsx'
import { en } from '#client/i18n/en.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useLogin } from '../api/login.ts'
import {
  isEmailNotVerified,
  type LoginReason,
  loginFailureToast,
  validateCredentials,
} from '../auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { ResendVerification } from './resend-verification.tsx'

const t = en.auth.login

export interface LoginPageProps {
  /** the page that sent the user here (already checked to be inside the app) */
  redirect?: string
  reason?: LoginReason
}

export function LoginPage({ redirect, reason }: LoginPageProps) {
  const router = useRouter()
  const form = useFieldErrors({ email: '', password: '' })
  const { email, password } = form.values
  // the address a login was refused for because it is not verified yet: offers a resend
  const [unverified, setUnverified] = useState<string | null>(null)
  const login = useLogin()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!form.accept(validateCredentials(email, password))) return
    login.mutate(
      { email: email.trim(), password },
      {
        onSuccess: () => {
          toast({ title: t.successTitle })
          void router.navigate({ href: redirect ?? '/', replace: true })
        },
        onError: (error) => {
          const detail = errorDetail(error, '')
          setUnverified(isEmailNotVerified(detail) ? email.trim() : null)
          toast({ ...loginFailureToast(detail), variant: 'destructive' })
        },
      },
    )
  }

  const notice = reason === 'expired' ? t.expiredNotice : reason === 'required' ? t.requiredNotice : null

  return (
    <AuthCard title={t.title} intro={t.intro}>
      {notice && (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          {notice}
        </p>
      )}
      <form noValidate onSubmit={submit} aria-labelledby="auth-title" className="grid gap-2">
        <TextField
          {...form.field('email')}
          label={en.auth.emailLabel}
          type="email"
          autoComplete="email"
          required
        />
        <TextField
          {...form.field('password')}
          label={en.auth.passwordLabel}
          type="password"
          autoComplete="current-password"
          required
        />
        <Button type="submit" size="lg" disabled={login.isPending}>
          {login.isPending ? t.submitting : t.submit}
        </Button>
      </form>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <Link
          to="/forgot-password"
          className="rounded-sm text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
        >
          {t.forgot}
        </Link>
        <span>
          {t.noAccount}{' '}
          <Link
            to="/register"
            className="rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {t.registerLink}
          </Link>
        </span>
      </div>
      {unverified !== null && (
        <div className="mt-6 grid gap-3 border-t border-border pt-6">
          <p role="alert" className="text-sm">
            <strong className="font-semibold">{t.notVerifiedTitle}.</strong> {t.notVerifiedHint}
          </p>
          <ResendVerification key={unverified} defaultEmail={unverified} />
        </div>
      )}
    </AuthCard>
  )
}
