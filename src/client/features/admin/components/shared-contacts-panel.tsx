import type { FormEvent } from 'react'
import { FilledText } from '#client/components/text/filled-text.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { SharedContact, SharedContactAccount } from '#domain/api/shared-contacts.ts'
import { useDismissContact, useSharedContacts, useSuspension } from '../api/shared-contacts.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { AdminPanel } from './admin-panel.tsx'
import { PanelState } from './panel-state.tsx'
import { ReasonField, useReason } from './reason-field.tsx'

const t = msgVerification.admin

/** One account beside the others sharing the contact: who, since when, its ads, and Suspend or Lift. */
function AccountSide({ account }: { account: SharedContactAccount }) {
  const reason = useReason()
  const suspension = useSuspension()
  const lift = account.suspendedAt !== null
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const given = reason.require()
    if (given === null) return
    try {
      const done = await suspension.mutateAsync({ id: account.id, reason: given, lift })
      toast({ title: fill(lift ? t.unsuspended : t.suspended, { count: String(done.ads) }) })
      reason.clear()
    } catch (error) {
      announceAdminFailure(t.suspendFailed, error)
    }
  }
  return (
    <li className="grid content-start gap-2 rounded-lg border p-3" data-testid="shared-account">
      <p className="font-medium wrap-anywhere" data-user-text>
        {account.email}
      </p>
      <p className="text-sm text-muted-foreground">
        <time dateTime={account.createdAt}>
          {fill(t.accountSince, { date: formatPostedDate(account.createdAt, false) })}
        </time>
      </p>
      <div className="flex flex-wrap gap-1">
        {account.verified && <Badge variant="secondary">{t.accountVerified}</Badge>}
        {lift && (
          <Badge variant="destructive">
            <FilledText template={t.accountSuspended} values={{ reason: account.suspensionReason ?? '' }} />
          </Badge>
        )}
      </div>
      <p className="text-sm">{fill(t.adsWithContact, { count: String(account.adsWithContact) })}</p>
      <ul className="grid gap-1 text-sm">
        {account.ads.map((ad) => (
          <li key={ad.id} className="wrap-anywhere">
            <a className="underline underline-offset-2" href={`/ad/${ad.id}`} data-ad-text>
              {ad.title}
            </a>
          </li>
        ))}
      </ul>
      <form onSubmit={(event) => void submit(event)} className="grid gap-2" noValidate>
        <ReasonField reason={reason} label={t.suspendReasonLabel} />
        <div>
          <Button
            type="submit"
            size="sm"
            variant={lift ? 'outline' : 'destructive'}
            disabled={suspension.isPending}
            aria-label={`${lift ? t.unsuspend : t.suspend} ${account.email}`}
          >
            {lift ? t.unsuspend : t.suspend}
          </Button>
        </div>
      </form>
    </li>
  )
}

function SharedContactEntry({ item }: { item: SharedContact }) {
  const dismiss = useDismissContact()
  const reason = useReason()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const given = reason.value.trim()
    try {
      await dismiss.mutateAsync({
        kind: item.kind,
        contact: item.contact,
        ...(given ? { reason: given } : {}),
      })
      toast({ title: t.dismissed })
    } catch (error) {
      announceAdminFailure(t.dismissFailed, error)
    }
  }
  return (
    <li className="grid gap-3 rounded-lg border p-3" data-testid="shared-contact">
      <p className="font-semibold wrap-anywhere">
        {fill(t.sharedContact, { kind: t.kind[item.kind], contact: item.contact })}{' '}
        <span className="font-normal text-muted-foreground">
          {fill(t.sharedAccounts, { count: String(item.accounts.length) })}
        </span>
      </p>
      {/* side by side: a column per account from a tablet's width */}
      <ul className="grid gap-3 sm:grid-cols-2">
        {item.accounts.map((account) => (
          <AccountSide key={account.id} account={account} />
        ))}
      </ul>
      <form
        onSubmit={(event) => void submit(event)}
        className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
        noValidate
      >
        <ReasonField reason={reason} label={t.dismissReasonLabel} />
        <Button type="submit" variant="outline" disabled={dismiss.isPending}>
          {t.dismiss}
        </Button>
      </form>
    </li>
  )
}

/** Contacts in the ads of more than one account, the accounts side by side (docs/decisions/055-shared-contacts.md). */
export function SharedContactsPanel() {
  const queue = useSharedContacts()
  return (
    <AdminPanel title={t.sharedTitle} intro={t.sharedIntro} refresh={{ label: t.sharedReload, query: queue }}>
      <PanelState query={queue} items={queue.data?.items} retry={t.sharedReload} empty={t.sharedEmpty}>
        {(items) => (
          <ol className="grid gap-4">
            {items.map((item) => (
              <SharedContactEntry key={`${item.kind}:${item.contact}`} item={item} />
            ))}
          </ol>
        )}
      </PanelState>
    </AdminPanel>
  )
}
