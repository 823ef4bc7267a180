// The toast for a refused sign-in, with the sign-in screen's texts (loaded with that screen).
import { msg } from '#client/i18n/messages.ts'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { errorDetail } from '#client/lib/http.ts'
import { isEmailNotVerified } from './auth-forms.ts'

export interface ToastText {
  title: string
  description: string
}

/** The toast for a refused login: the error's words or 'Try again', or 'Email Not Verified'. */
export function loginFailureToast(error: unknown): ToastText {
  const t = msgAuth.login
  if (isEmailNotVerified(error)) {
    return { title: t.notVerifiedTitle, description: t.notVerifiedDescription }
  }
  return { title: t.failedTitle, description: errorDetail(error, msg.auth.tryAgain) }
}
