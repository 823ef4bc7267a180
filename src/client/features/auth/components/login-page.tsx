import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { Credentials } from '#domain/api/auth.ts'
import { useLogin } from '../api/login.ts'
import { isEmailNotVerified, type LoginReason, safeRedirect } from '../auth-forms.ts'
import { loginFailureToast } from '../login-failure.ts'
import { AuthLink, CredentialsForm, useCredentialsForm } from './account-forms.tsx'
import { AuthCard } from './auth-card.tsx'
import { ResendVerification } from './resend-verification.tsx'

const t = msgAuth.login

export interface LoginPageProps {
  /** the page that sent the user here (already checked to be inside the app) */
  redirect?: string
  reason?: LoginReason
}

export function LoginPage({ redirect, reason }: LoginPageProps) {
  const router = useRouter()
  const form = useCredentialsForm()
  // the address a login was refused for because it is not verified yet: offers a resend
  const [unverified, setUnverified] = useState<string | null>(null)
  const login = useLogin()

  const submit = (credentials: Credentials) =>
    login.mutate(credentials, {
      onSuccess: () => {
        toast({ title: t.successTitle })
        // checked again where it is used: a full URL here would take a fresh session to another site
        void router.navigate({ href: safeRedirect(redirect) ?? '/', replace: true })
      },
      onError: (error) => {
        setUnverified(isEmailNotVerified(error) ? credentials.email : null)
        toast({ ...loginFailureToast(error), variant: 'destructive' })
      },
    })

  const notice = reason === 'expired' ? t.expiredNotice : reason === 'required' ? t.requiredNotice : null

  return (
    <AuthCard title={t.title} intro={t.intro}>
      {notice && (
        <p role="status" className="mb-4 rounded-md border border-border bg-muted px-3 py-2 text-sm">
          {notice}
        </p>
      )}
      <CredentialsForm
        form={form}
        onValid={submit}
        pending={login.isPending}
        submit={t.submit}
        submitting={t.submitting}
        password={{ autoComplete: 'current-password' }}
      />
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 text-sm">
        <AuthLink to="/forgot-password">{t.forgot}</AuthLink>
        <span>
          {t.noAccount} <AuthLink to="/register">{t.registerLink}</AuthLink>
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
