import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { Credentials } from '#domain/api/auth.ts'
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts'
import { useRegister } from '../api/register.ts'
import { AuthLink, CredentialsForm, failureToast, useCredentialsForm } from './account-forms.tsx'
import { AuthCard } from './auth-card.tsx'
import { ResendVerification } from './resend-verification.tsx'

const t = msgAuth.register

export function RegisterPage() {
  const form = useCredentialsForm()
  // set once the account exists: the page turns into "check your email"
  const [registered, setRegistered] = useState<string | null>(null)
  const register = useRegister()

  const submit = (credentials: Credentials) =>
    register.mutate(credentials, {
      onSuccess: (answer) => {
        toast({ title: t.successTitle, description: t.successDescription })
        form.setValue('password', '')
        setRegistered(answer.email || credentials.email)
      },
      onError: failureToast(t.failedTitle, msg.auth.tryAgain),
    })

  if (registered !== null) {
    return (
      <AuthCard title={t.checkEmailTitle} intro={t.checkEmailBody.replace('{email}', registered)}>
        <div className="grid gap-6">
          <Button asChild size="lg">
            <Link to="/login">{msgAuth.verify.goToLogin}</Link>
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
      <CredentialsForm
        form={form}
        onValid={submit}
        pending={register.isPending}
        submit={t.submit}
        submitting={t.submitting}
        password={{ autoComplete: 'new-password', minLength: MIN_PASSWORD_LENGTH, hint: t.passwordHint }}
      />
      <p className="mt-4 text-sm">
        {t.haveAccount} <AuthLink to="/login">{t.loginLink}</AuthLink>
      </p>
    </AuthCard>
  )
}
