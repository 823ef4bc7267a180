import { type FormEvent, useId, useState } from 'react'
import { FormProblem } from '#client/components/form/form-problem.tsx'
import { FilledText } from '#client/components/text/filled-text.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { VerificationRequest } from '#domain/api/verification.ts'
import { useRevokeVerification, useVerifiedAccounts } from '../api/verified-accounts.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { AdminPanel } from './admin-panel.tsx'
import { ReasonField, useReason } from './reason-field.tsx'

const t = msgVerification.admin

function VerifiedAccount({ account }: { account: VerificationRequest }) {
  const reason = useReason()
  const revoke = useRevokeVerification()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const given = reason.require()
    if (given === null) return
    // mutateAsync: the refetched list drops this row once revoked, before a mutate callback would run
    try {
      await revoke.mutateAsync({ id: account.id, reason: given })
      toast({ title: t.revoked })
    } catch (error) {
      announceAdminFailure(t.revokeFailed, error)
    }
  }
  return (
    <li className="grid gap-2 rounded-lg border p-3" data-testid="verified-account">
      <p className="font-medium wrap-anywhere">
        <FilledText
          template={t.verifiedAccount}
          values={{ email: account.email, language: account.language }}
        />
      </p>
      {account.decidedAt && (
        <p className="text-sm text-muted-foreground">
          <time dateTime={account.decidedAt}>
            {fill(t.verifiedSince, { date: formatPostedDate(account.decidedAt, false) })}
          </time>
        </p>
      )}
      <form onSubmit={(event) => void submit(event)} className="grid gap-2" noValidate>
        <ReasonField reason={reason} label={t.revokeReasonLabel} />
        <div>
          <Button
            type="submit"
            size="sm"
            variant="destructive"
            disabled={revoke.isPending}
            aria-label={`${t.revoke} ${account.email}`}
          >
            {t.revoke}
          </Button>
        </div>
      </form>
    </li>
  )
}

/**
 * Verified accounts, found by email, each with Revoke and a reason the advertiser reads: the badge
 * leaves every ad of the account at once (docs/decisions/031-verified-advertisers.md).
 */
export function VerifiedAccountsPanel() {
  const id = useId()
  const [email, setEmail] = useState('')
  // nothing is fetched until the first search: the console opens on the queues
  const [search, setSearch] = useState<string | null>(null)
  const accounts = useVerifiedAccounts(search)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSearch(email.trim())
  }
  const items = accounts.data?.items
  return (
    <AdminPanel title={t.verifiedTitle} intro={t.verifiedIntro}>
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-end">
        <label htmlFor={`${id}-email`} className="grid gap-1 text-sm font-medium">
          {t.verifiedEmail}
          <Input
            id={`${id}-email`}
            value={email}
            maxLength={254}
            onChange={(e) => setEmail(e.target.value)}
          />
        </label>
        <Button type="submit">{t.verifiedSearch}</Button>
      </form>
      {accounts.isError && <FormProblem>{errorDetail(accounts.error, t.verifiedFailed)}</FormProblem>}
      {items && (
        <>
          <p className="text-sm" aria-live="polite">
            {items.length === 0 ? t.verifiedNone : fill(t.verifiedFound, { count: items.length })}
          </p>
          <ul className="grid gap-3">
            {items.map((account) => (
              <VerifiedAccount key={account.id} account={account} />
            ))}
          </ul>
        </>
      )}
    </AdminPanel>
  )
}
