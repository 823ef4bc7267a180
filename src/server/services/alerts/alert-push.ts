import type { Agent } from 'node:https'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { adPath } from '#domain/ad-path.ts'
import type { PushPayload } from '#domain/api/push.ts'
import type { CategoryKey } from '#domain/categories.ts'
import type { Language } from '#domain/languages.ts'
import type { ProvinceCode } from '#domain/provinces.ts'
import { savedSearchPath } from '#domain/saved-search-name.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { alertDeliveries, pushSubscriptions } from '#server/db/schema/alerts.ts'
import { savedSearches } from '#server/db/schema/saved-searches.ts'
import { users } from '#server/db/schema/users.ts'
import { isListed } from '#server/services/ads/ad-search.ts'
import type { JobContext } from '#server/services/jobs/job-kind.ts'
import { checkEndpoint, pushTopic, sendPush, type Vapid } from '#server/services/push/push.ts'
import { searchNameOf } from './alerts.ts'

// A search's Web Push (docs/decisions/054-alerts.md). Discreet: the title is the site's name and the
// body the search's name and a count, never an ad's title or photo, so a lock screen tells little.

function pushText(language: Language, n: number, name: string): string {
  if (language === 'fr') return n === 1 ? `1 nouvelle annonce : ${name}` : `${n} nouvelles annonces : ${name}`
  return n === 1 ? `1 new ad matches ${name}` : `${n} new ads match ${name}`
}

export interface PushSetup {
  vapid: Vapid
  /** Production accepts only endpoints on public addresses (checked again at each send). */
  production: boolean
  agent?: Agent | undefined
}

/** Whether a device's endpoint may still be sent to: its name may have moved to a private address. */
async function stillAllowed(endpoint: string, production: boolean): Promise<boolean> {
  try {
    await checkEndpoint(endpoint, production)
    return true
  } catch {
    return false
  }
}

/**
 * Pushes a search's unpushed deliveries whose ads are still listed to each of the user's devices, all
 * at once, then, in complete, marks them pushed and deletes the subscriptions the service called gone
 * or whose endpoint no longer passes the check. The pushes happen before that commit: a process dying
 * between them pushes again on the retry. Each push of a search carries the same Topic (the push
 * service keeps one of them for an offline device) and tag (the device shows one notification), so
 * the retry replaces what the dead run sent: one alert, not two (docs/decisions/054-alerts.md).
 */
export async function pushSearch(
  db: Db,
  context: Pick<JobContext, 'complete'>,
  push: PushSetup,
  searchId: string,
): Promise<void> {
  const rows = await db
    .select({
      deliveryId: alertDeliveries.id,
      search: savedSearches,
      language: users.language,
      ad: { id: ads.id, title: ads.title, province: ads.province, category: ads.category },
      listed: sql<boolean>`coalesce(${isListed}, false)`,
    })
    .from(alertDeliveries)
    .innerJoin(savedSearches, eq(savedSearches.id, alertDeliveries.searchId))
    .innerJoin(users, eq(users.id, alertDeliveries.userId))
    .innerJoin(ads, eq(ads.id, alertDeliveries.adId))
    .where(and(eq(alertDeliveries.searchId, searchId), isNull(alertDeliveries.pushAt)))
  const first = rows[0]
  const wants = first && (first.search.alert === 'push' || first.search.alert === 'both')
  const listed = rows.filter((r) => r.listed)
  const gone: string[] = []
  if (first && wants && listed.length > 0) {
    const only = listed.length === 1 ? listed[0] : undefined
    const payload: PushPayload = {
      title: 'Maple After Dark',
      body: pushText(first.language, listed.length, searchNameOf(first.language, first.search)),
      url: only
        ? adPath({
            id: only.ad.id,
            title: only.ad.title,
            province: only.ad.province as ProvinceCode,
            category: only.ad.category as CategoryKey,
          })
        : savedSearchPath(first.search),
      tag: `search-${searchId}`,
    }
    const devices = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, first.search.userId))
    const topic = pushTopic(`search:${searchId}`)
    const sent = await Promise.allSettled(
      devices.map(async (device) => {
        if (!(await stillAllowed(device.endpoint, push.production))) return 'gone'
        return sendPush(push.vapid, device, payload, { agent: push.agent, topic })
      }),
    )
    devices.forEach((device, i) => {
      const result = sent[i]
      if (result?.status === 'fulfilled' && result.value === 'gone') gone.push(device.id)
    })
    // a device whose service failed gets the push again on the job's retry (the others replace theirs)
    const failed = sent.find((result) => result.status === 'rejected')
    if (failed) throw failed.reason
  }
  await context.complete(async (tx) => {
    if (rows.length > 0)
      await tx
        .update(alertDeliveries)
        .set({ pushAt: sql`now()` })
        .where(
          inArray(
            alertDeliveries.id,
            rows.map((r) => r.deliveryId),
          ),
        )
    if (gone.length > 0) await tx.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))
  })
}
