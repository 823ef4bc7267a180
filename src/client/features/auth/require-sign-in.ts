// Guards for what needs an account (spec section 6): when signed out, a 'Sign in required' toast,
// then /login, which returns the user here after signing in. `requireSignIn` is a route
// `beforeLoad`; `useRequireSignIn` guards a button (pay, post) inside a page.
import { redirect, useRouter } from '@tanstack/react-router'
import { useCallback } from 'react'
import { en } from '#client/i18n/en.ts'
import { isSignedIn } from '#client/lib/session/session-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { safeRedirect } from './auth-forms.ts'

export function announceSignInRequired(): void {
  toast({
    title: en.auth.signInRequiredTitle,
    description: en.auth.signInRequiredDescription,
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

/**
 * Returns a check for event handlers: true when signed in; otherwise it announces and goes to /login
 * (coming back to `returnTo`, by default the current page) and returns false.
 */
export function useRequireSignIn(): (returnTo?: string) => boolean {
  const router = useRouter()
  return useCallback(
    (returnTo?: string) => {
      if (isSignedIn()) return true
      announceSignInRequired()
      const back = safeRedirect(returnTo ?? router.state.location.href)
      void router.navigate({ to: '/login', search: { redirect: back, reason: 'required' } })
      return false
    },
    [router],
  )
}
