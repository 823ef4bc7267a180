// Guards for what needs an account: when signed out, a 'Sign in required' toast,
// then /login, which returns the user here after signing in. `requireSignIn` is a route
// `beforeLoad`; `useRequireSignIn` guards a button (pay, post) inside a page.
import { redirect } from '@tanstack/react-router'
import { msg } from '#client/i18n/messages.ts'
import { isSignedIn } from '#client/lib/session/session-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { safeRedirect } from './auth-forms.ts'

export function announceSignInRequired(): void {
  toast({
    title: msg.auth.signInRequiredTitle,
    description: msg.auth.signInRequiredDescription,
    variant: 'destructive',
  })
}

/**
 * `beforeLoad: requireSignIn` on a route that needs an account. No toast on a hover preload: only
 * a real navigation tells the user anything.
 */
export function requireSignIn({
  location,
  preload,
}: {
  location: { href: string }
  preload?: boolean
}): void {
  if (isSignedIn()) return
  if (!preload) announceSignInRequired()
  throw redirect({ to: '/login', search: { redirect: safeRedirect(location.href), reason: 'required' } })
}
