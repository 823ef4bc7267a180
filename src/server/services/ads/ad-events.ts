import type { AdStatus } from '#domain/ad-status.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { type AD_EVENT_KINDS, adEvents } from '#server/db/schema/ads.ts'

export type AdEventKind = (typeof AD_EVENT_KINDS)[number]

export interface AdEventInput {
  adId: string
  kind: AdEventKind
  /** a user id, 'admin:<username>' or 'system' */
  actor: string
  from?: AdStatus | null
  to?: AdStatus | null
  /** why: the payment, the report, the admin's note */
  detail?: string
  /** when, by the app's clock, for events a rule counts over time (available-now.ts); else the database's now() */
  at?: Date
}

/** Writes one audit row; call it with the `tx` that made the change, so both commit or neither. */
export async function recordAdEvent(tx: Db, event: AdEventInput): Promise<void> {
  await tx.insert(adEvents).values({
    adId: event.adId,
    kind: event.kind,
    actor: event.actor,
    fromStatus: event.from ?? null,
    toStatus: event.to ?? null,
    detail: event.detail ?? '',
    ...(event.at ? { at: event.at } : {}),
  })
  // every ad change comes through here: cached public listings must not outlive it
  changed(tx, 'ads')
}
