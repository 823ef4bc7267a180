import { type FormEvent, useId, useState } from 'react'
import { FilledText } from '#client/components/text/filled-text.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { LegalHold } from '#domain/api/legal-holds.ts'
import { MAX_EXTERNAL_REFERENCE } from '#domain/api/legal-holds.ts'
import { downloadHoldArchive, useLegalHolds, useRecordReference, useReleaseHold } from '../api/legal-holds.ts'
import { announceAdminFailure } from './admin-failure.ts'
import { AdminPanel } from './admin-panel.tsx'
import { PanelState } from './panel-state.tsx'
import { ReasonField, useReason } from './reason-field.tsx'

const t = msgVerification.admin.legal

function ReferenceForm({ hold }: { hold: LegalHold }) {
  const id = useId()
  const [value, setValue] = useState(hold.externalReference)
  const record = useRecordReference()
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    try {
      await record.mutateAsync({ id: hold.id, externalReference: value.trim() })
      toast({ title: t.referenceSaved })
    } catch (error) {
      announceAdminFailure(t.referenceFailed, error)
    }
  }
  return (
    <form
      onSubmit={(event) => void submit(event)}
      className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
      noValidate
    >
      <div className="grid gap-1">
        <label htmlFor={id} className="text-sm font-medium">
          {t.referenceLabel}
        </label>
        <Input
          id={id}
          value={value}
          maxLength={MAX_EXTERNAL_REFERENCE}
          onChange={(event) => setValue(event.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={record.isPending}>
        {t.recordReference}
      </Button>
    </form>
  )
}

function HoldEntry({ hold }: { hold: LegalHold }) {
  const reason = useReason()
  const release = useReleaseHold()
  const [downloading, setDownloading] = useState(false)
  const released = hold.releasedAt !== null
  const download = async () => {
    setDownloading(true)
    try {
      await downloadHoldArchive(hold.id)
    } catch (error) {
      announceAdminFailure(t.downloadFailed, error)
    } finally {
      setDownloading(false)
    }
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const given = reason.require()
    if (given === null) return
    try {
      await release.mutateAsync({ id: hold.id, reason: given })
      toast({ title: t.released })
      reason.clear()
    } catch (error) {
      announceAdminFailure(t.releaseFailed, error)
    }
  }
  return (
    <li className="grid gap-3 rounded-lg border p-3" data-testid="legal-hold">
      <div className="grid gap-1 text-sm">
        <p className="font-semibold wrap-anywhere">
          <FilledText template={t.ad} values={{ title: hold.adTitle, id: hold.adId }} />
        </p>
        <p className="wrap-anywhere">
          {hold.accountEmail ? (
            <FilledText template={t.account} values={{ email: hold.accountEmail }} />
          ) : (
            fill(t.account, { email: t.noAccount })
          )}
        </p>
        <p className="wrap-anywhere">
          <FilledText template={t.reason} values={{ reason: hold.reason }} />
        </p>
        <p className="wrap-anywhere">
          {fill(t.reference, {
            reference: hold.externalReference === '' ? t.noReference : hold.externalReference,
          })}
        </p>
        <p>
          <time dateTime={hold.placedAt}>
            {fill(t.placed, { date: formatPostedDate(hold.placedAt, false), by: hold.placedBy })}
          </time>
        </p>
        <p>
          <time dateTime={hold.keptUntil}>
            {fill(t.keptUntil, { date: formatPostedDate(hold.keptUntil, false) })}
          </time>
        </p>
        {released && (
          <div>
            <Badge variant="secondary">
              {fill(t.releasedOn, {
                date: formatPostedDate(hold.releasedAt ?? '', false),
                reason: hold.releaseReason ?? '',
              })}
            </Badge>
          </div>
        )}
      </div>
      {!released && (
        <>
          <ReferenceForm hold={hold} />
          <div>
            <Button type="button" variant="outline" disabled={downloading} onClick={() => void download()}>
              {t.download}
            </Button>
          </div>
          <form
            onSubmit={(event) => void submit(event)}
            className="grid gap-2 sm:grid-cols-[1fr_auto] sm:items-end"
            noValidate
          >
            <ReasonField reason={reason} label={t.releaseReasonLabel} />
            <Button type="submit" variant="destructive" disabled={release.isPending}>
              {t.release}
            </Button>
          </form>
        </>
      )}
    </li>
  )
}

/** Sealed copies kept for law enforcement (docs/decisions/057-legal-holds.md). */
export function LegalHoldsPanel() {
  const holds = useLegalHolds()
  return (
    <AdminPanel title={t.title} intro={t.intro} refresh={{ label: t.reload, query: holds }}>
      <PanelState query={holds} items={holds.data?.items} retry={t.reload} empty={t.empty}>
        {(items) => (
          <ol className="grid gap-4">
            {items.map((hold) => (
              <HoldEntry key={hold.id} hold={hold} />
            ))}
          </ol>
        )}
      </PanelState>
    </AdminPanel>
  )
}
