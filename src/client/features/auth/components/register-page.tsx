import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { useFieldErrors } from '#client/components/form/use-field-errors.ts'
import { Button } from '#client/components/ui/button.tsx'
import { en } from '#client/i18n/en.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts'
import { useRegister } from '../api/register.ts'
import { validateCredentials } from '../auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { ResendVerification } from './resend-verification.tsx'

const t = en.auth.register
const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

export function RegisterPage() {
  const form = useFieldErrors({ email: '', password: '' })
  const { email, password } = form.values
  // set once the account exists: the page turns into "check your email"
  const [registered, setRegistered] = useState<string | null>(null)
  const register = useRegister()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!form.accept(validateCredentials(email, password))) return
    register.mutate(
      { email: email.trim(), password },
      {
        onSuccess: (answer) => {
          toast({ title: t.successTitle, description: t.successDescription })
          form.setValue('password', '')
          setRegistered(answer.email || email.trim())
        },
        onError: (error) =>
          toast({
            title: t.failedTitle,
            description: errorDetail(error, en.auth.tryAgain),
            variant: 'destructive',
          }),
      },
    )
  }

  if (registered !== null) {
    return (
      <AuthCard title={t.checkEmailTitle} intro={t.checkEmailBody.replace('{email}', registered)}>
        <div className="grid gap-6">
          <Button asChild size="lg">
            <Link to="/login">{en.auth.verify.goToLogin}</Link>
          </Button>
          <div className="border-t border-border pt-6">
            <ResendVerification defaultEmail={registered} />
          </div>
        </div>
      </AuthCard>
    )
  }

  return (
    <AuthCard title={t.title} intro={t.intro}>
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
          autoComplete="new-password"
          required
          minLength={MIN_PASSWORD_LENGTH}
          hint={t.passwordHint}
        />
        <Button type="submit" size="lg" disabled={register.isPending}>
          {register.isPending ? t.submitting : t.submit}
        </Button>
      </form>
      <p className="mt-4 text-sm">
        {t.haveAccount}{' '}
        <Link to="/login" className={linkClass}>
          {t.loginLink}
        </Link>
      </p>
    </AuthCard>
  )
}
