import { msgReview } from '#client/i18n/messages-review.ts'
import { errorDetail, isApiError } from '#client/lib/http.ts'
import { clearAdminToken } from '#client/lib/session/session-store.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'

/**
 * The toast for a failed admin call: the server's detail or 'Try again'. A 401 means the admin
 * session ended (expired, or revoked by a purge from another admin), so the console signs out.
 */
export function announceAdminFailure(title: string, error: unknown): void {
  if (isApiError(error) && error.status === 401) {
    clearAdminToken()
    toast({ title, description: msgReview.admin.sessionEnded, variant: 'destructive' })
    return
  }
  toast({ title, description: errorDetail(error, msgReview.admin.tryAgain), variant: 'destructive' })
}
