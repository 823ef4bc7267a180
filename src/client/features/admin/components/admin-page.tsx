import { LogOutIcon } from 'lucide-react'
import { Button } from '#client/components/ui/button.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { useAdminToken } from '#client/lib/session/use-session.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { adminLogout } from '../api/admin-logout.ts'
import { AdminLoginForm } from './admin-login-form.tsx'
import { AllAdsPanel } from './all-ads-panel.tsx'
import { AuditPanel } from './audit-panel.tsx'
import { BannedPhrasesPanel } from './banned-phrases-panel.tsx'
import { LegalHoldsPanel } from './legal-holds-panel.tsx'
import { OutboxPanel } from './outbox-panel.tsx'
import { PaymentsAttentionPanel } from './payments-attention-panel.tsx'
import { PhotoQueuePanel } from './photo-queue-panel.tsx'
import { PurgePanel } from './purge-panel.tsx'
import { ReviewQueueCount } from './review-queue-count.tsx'
import { ReviewQueuePanel } from './review-queue-panel.tsx'
import { SharedContactsPanel } from './shared-contacts-panel.tsx'
import { VerificationsPanel } from './verifications-panel.tsx'
import { VerifiedAccountsPanel } from './verified-accounts-panel.tsx'

const t = msgReview.admin

/** /admin: logged out (the admin login) or logged in (moderation and purge). */
export function AdminPage() {
  const token = useAdminToken()
  const signOut = () => {
    void adminLogout()
    toast({ title: t.signedOut })
  }

  return (
    <div className="mx-auto grid w-full max-w-3xl gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{t.title}</h1>
        {token && (
          <div className="flex flex-wrap items-center gap-3">
            <ReviewQueueCount />
            <Button variant="outline" onClick={signOut}>
              <LogOutIcon aria-hidden="true" />
              {t.signOut}
            </Button>
          </div>
        )}
      </div>
      {token ? (
        <>
          <ReviewQueuePanel />
          <VerificationsPanel />
          <VerifiedAccountsPanel />
          <SharedContactsPanel />
          <LegalHoldsPanel />
          <PhotoQueuePanel />
          <AllAdsPanel />
          <BannedPhrasesPanel />
          <AuditPanel />
          <PaymentsAttentionPanel />
          <OutboxPanel />
          <PurgePanel />
        </>
      ) : (
        <div className="max-w-md rounded-xl border border-border bg-card p-6 shadow-sm">
          <AdminLoginForm />
        </div>
      )}
    </div>
  )
}
