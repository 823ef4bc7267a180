import { Link } from '@tanstack/react-router'
import { CircleAlertIcon, CircleCheckIcon, LoaderCircleIcon } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { errorDetail } from '#client/lib/http.ts'
import { useVerifyEmail } from '../api/verify-email.ts'
import { AuthCard } from './auth-card.tsx'
import { ResendVerification } from './resend-verification.tsx'

const t = msgAuth.verify

/** Spec section 4, "Email verification": verifying, success, already_verified or error. */
export type VerifyState = 'verifying' | 'success' | 'already_verified' | 'error'

function GoToLogin() {
  return (
    <Button asChild size="lg" className="w-full">
      <Link to="/login">{t.goToLogin}</Link>
    </Button>
  )
}

export function VerifyEmailPage({ token }: { token: string }) {
  const query = useVerifyEmail(token)
  const state: VerifyState = !token
    ? 'error'
    : query.isError
      ? 'error'
      : query.data
        ? query.data.status === 'already_verified'
          ? 'already_verified'
          : 'success'
        : 'verifying'

  if (state === 'verifying') {
    return (
      <AuthCard title={t.title}>
        <p role="status" className="flex items-center gap-2 text-sm">
          <LoaderCircleIcon className="size-5 animate-spin motion-reduce:animate-none" aria-hidden="true" />
          {t.verifying}
        </p>
      </AuthCard>
    )
  }

  if (state === 'success' || state === 'already_verified') {
    const success = state === 'success'
    return (
      <AuthCard title={success ? t.successTitle : t.alreadyTitle}>
        <p role="status" className="mb-6 flex items-start gap-2 text-sm">
          <CircleCheckIcon className="size-5 shrink-0 text-emerald-600" aria-hidden="true" />
          {success ? t.successBody : t.alreadyBody}
        </p>
        <GoToLogin />
      </AuthCard>
    )
  }

  const reason = token ? errorDetail(query.error, t.failedBody) : t.noToken
  return (
    <AuthCard title={t.failedTitle}>
      <div role="alert" className="mb-2 flex items-start gap-2 text-sm">
        <CircleAlertIcon className="size-5 shrink-0 text-destructive" aria-hidden="true" />
        <span>{reason}</span>
      </div>
      <p className="mb-6 text-sm text-muted-foreground">{t.failedBody}</p>
      <ResendVerification />
    </AuthCard>
  )
}
