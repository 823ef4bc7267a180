import { useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { msg } from '#client/i18n/messages.ts'
import { onUnauthorized } from '#client/lib/http.ts'
import { isSignedIn, signOut } from '#client/lib/session/session-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { safeRedirect } from './auth-forms.ts'

/**
 * Mounted once in the root layout: a 401 on a request sent with the user's token means the session
 * expired or was revoked (a reset elsewhere, a purge), so the user is signed out and sent to /login,
 * which brings them back afterwards.
 */
export function useSessionExpiry(): void {
  const router = useRouter()
  useEffect(() => {
    const stop = onUnauthorized(() => {
      // several requests may fail together; the first one does the work
      if (!isSignedIn()) return
      signOut()
      toast({
        title: msg.auth.sessionExpiredTitle,
        description: msg.auth.sessionExpiredDescription,
        variant: 'destructive',
      })
      const back = safeRedirect(router.state.location.href)
      void router.navigate({ to: '/login', search: { redirect: back, reason: 'expired' } })
    })
    return () => {
      stop()
    }
  }, [router])
}
