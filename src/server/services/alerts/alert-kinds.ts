import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { enqueueJob } from '#server/services/jobs/enqueue.ts'
import { defineJobKind } from '#server/services/jobs/job-kind.ts'

// The alerts' job kinds (docs/decisions/054-alerts.md), apart from their handlers so the ad payment
// that queues a match imports no more than this.

/** An ad was first published: find the saved searches it matches. Key: the ad (published once). */
export const alertsMatchKind = defineJobKind('alerts.match', z.object({ adId: z.string() }))
/** One delivery's instant mail. Key: the delivery. */
export const alertEmailKind = defineJobKind('alerts.email', z.object({ deliveryId: z.string() }))
/** A user's daily digest. Key: user and day. */
export const alertDigestKind = defineJobKind(
  'alerts.digest',
  z.object({ userId: z.string(), day: z.string() }),
)

/** A search's Web Push: the deliveries of that search still unpushed, in one notification. */
export const alertPushKind = defineJobKind('alerts.push', z.object({ searchId: z.string() }))

/** Queued in the transaction that first publishes the ad (ad-payments.ts): one match per ad. */
export async function queueAlertMatch(tx: Db, adId: string, now: Date): Promise<void> {
  await enqueueJob(tx, { kind: alertsMatchKind, key: adId, runAt: now, payload: { adId } })
}
