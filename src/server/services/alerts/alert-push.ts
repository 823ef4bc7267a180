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
import { sendPush, type Vapid } from '#server/services/push/push.ts'
import { searchNameOf } from './alerts.ts'

// A search's Web Push (docs/decisions/054-alerts.md). Discreet: the title is the site's name and the
// body the search's name and a count, never an ad's title or photo, so a lock screen tells little.

function pushText(language: Language, n: number, name: string): string {
  if (language === 'fr') return n === 1 ? `1 nouvelle annonce : ${name}` : `${n} nouvelles annonces : ${name}`
  return n === 1 ? `1 new ad matches ${name}` : `${n} new ads match ${name}`
}

/**
 * Pushes a search's unpushed deliveries whose ads are still listed to each of the user's devices,
 * then, in complete, marks them pushed and deletes the subscriptions the service called gone. The
 * pushes happen before that commit: a process dying between them pushes again on the retry (at least
 * once; decision 045's "outside effects").
 */
export async function pushSearch(
  db: Db,
  context: Pick<JobContext, 'complete'>,
  push: { vapid: Vapid; agent?: Agent },
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
    }
    const devices = await db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, first.search.userId))
    for (const device of devices)
      if ((await sendPush(push.vapid, device, payload, push.agent)) === 'gone') gone.push(device.id)
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
