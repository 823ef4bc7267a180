import { and, eq, inArray, isNull, ne, sql } from 'drizzle-orm'
import { adPath } from '#domain/ad-path.ts'
import { AlertsPaths } from '#domain/api/alerts.ts'
import type { CategoryKey, CompanionType } from '#domain/categories.ts'
import type { Language } from '#domain/languages.ts'
import { ALL, type ProvinceCode } from '#domain/provinces.ts'
import { savedSearchPath } from '#domain/saved-search-name.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { alertDeliveries } from '#server/db/schema/alerts.ts'
import { type SavedSearchRow, savedSearches } from '#server/db/schema/saved-searches.ts'
import { users } from '#server/db/schema/users.ts'
import { isListed } from '#server/services/ads/ad-search.ts'
import { enqueueJob } from '#server/services/jobs/enqueue.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'
import type { ReporterKeys } from '#server/services/reports/reporter-keys.ts'
import { alertDigestKind, alertEmailKind, alertPushKind } from './alert-kinds.ts'
import { type AlertItem, alertMail, searchNameIn } from './alert-mails.ts'

// Saved-search alerts by e-mail (docs/decisions/054-alerts.md). An ad's first publication queues
// `alerts.match`; it writes one alert_deliveries row per matching search (unique (search, ad)) and
// queues the mail: at once (`alerts.email`, one per delivery) or in the user's daily digest
// (`alerts.digest`, one per user and day). Each mail is written to the outbox in the transaction that
// marks its deliveries mailed (complete), so it is queued exactly once; the ad is read again there, and
// one held or gone by then is not mailed.

const EMAIL_ALERTS = ['email', 'both'] as const
const PUSH_ALERTS = ['push', 'both'] as const
/** New ads of a search within this long go out as one notification ("2 new ads match …"). */
export const PUSH_GATHER_MS = 60_000

/** The next midnight UTC after `now`: the digest of the day that is ending. */
function nextDigestMoment(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1))
}

/**
 * The alerting searches a listed ad matches, in one statement (docs/decisions/061-matching-at-scale.md):
 * the listing's conditions (ad-search.ts listingConditions) written the other way round, with each
 * search's filters as columns and the ad as the one row. Its category and province (or all of
 * Canada) pick the candidates along saved_searches_alerting; the words compare with the tsquery and
 * the folded words made when the search was saved. The owner's own searches are not candidates.
 * An equivalence test holds it to the listing's answer (tests/api/alert-matching.test.ts).
 */
export function matchingSearches(tx: Db, adId: string): Promise<SavedSearchRow[]> {
  return tx
    .select({ search: savedSearches })
    .from(ads)
    .innerJoin(
      savedSearches,
      and(
        ne(savedSearches.alert, 'none'),
        // read once (an InitPlan) and given to the index as values: with the joined row's columns
        // instead, PostgreSQL kept the category only for the index and filtered provinces by row
        sql`${savedSearches.category} = (select a.category from ads a where a.id = ${adId})`,
        sql`${savedSearches.province} in ((select a.province from ads a where a.id = ${adId}), ${ALL})`,
      ),
    )
    .where(
      and(
        eq(ads.id, adId),
        isListed,
        sql`(${ads.ownerId} is null or ${savedSearches.userId} <> ${ads.ownerId})`,
        sql`(${savedSearches.city} is null or ads_fold(${savedSearches.city}) = ads_fold(${ads.city}))`,
        sql`(${savedSearches.escortType} is null or ${savedSearches.escortType} = ${ads.escortType})`,
        sql`(not ${savedSearches.verified} or ${ads.verified})`,
        sql`(${savedSearches.q} is null or ${ads.search} @@ ${savedSearches.matchQuery} or ${ads.titleFolded} like '%' || ${savedSearches.matchPartial} || '%')`,
      ),
    )
    .then((rows) => rows.map((row) => row.search))
}

/**
 * Writes the deliveries of the searches a newly published ad matches (matchingSearches) and queues
 * their mails and pushes, in the job's transaction.
 */
export async function matchAd(tx: Db, adId: string, now: Date): Promise<number> {
  let written = 0
  for (const search of await matchingSearches(tx, adId)) {
    const [delivery] = await tx
      .insert(alertDeliveries)
      .values({ searchId: search.id, adId, userId: search.userId })
      .onConflictDoNothing()
      .returning({ id: alertDeliveries.id })
    if (!delivery) continue
    written += 1
    if ((PUSH_ALERTS as readonly string[]).includes(search.alert)) {
      // one job per search and minute: the ads of that minute are one notification
      const bucket = Math.floor(now.getTime() / PUSH_GATHER_MS) + 1
      await enqueueJob(tx, {
        kind: alertPushKind,
        key: `${search.id}:${bucket}`,
        runAt: new Date(bucket * PUSH_GATHER_MS),
        payload: { searchId: search.id },
      })
    }
    if (!(EMAIL_ALERTS as readonly string[]).includes(search.alert)) continue
    if (search.frequency === 'instant')
      await enqueueJob(tx, {
        kind: alertEmailKind,
        key: delivery.id,
        runAt: now,
        payload: { deliveryId: delivery.id },
      })
    else {
      const runAt = nextDigestMoment(now)
      const day = runAt.toISOString().slice(0, 10)
      await enqueueJob(tx, {
        kind: alertDigestKind,
        key: `${search.userId}:${day}`,
        runAt,
        payload: { userId: search.userId, day },
      })
    }
  }
  return written
}

export interface AlertLinks {
  publicUrl: string
  keys: ReporterKeys
}

/** The one-click link of a search: its id and a mark under the server's key (no session needed). */
export function unsubscribeUrl(links: AlertLinks, searchId: string): string {
  const token = `${searchId}.${links.keys.unsubscribeMark(searchId)}`
  return new URL(
    `/api${AlertsPaths.unsubscribe}?token=${encodeURIComponent(token)}`,
    links.publicUrl,
  ).toString()
}

function listingUrl(links: AlertLinks, search: SavedSearchRow): string {
  return new URL(savedSearchPath(search), links.publicUrl).toString()
}

export function searchNameOf(language: Language, search: SavedSearchRow): string {
  return searchNameIn(language, {
    province: search.province,
    category: search.category as CategoryKey,
    city: search.city,
    q: search.q,
    escortType: search.escortType as CompanionType | null,
    verified: search.verified,
  })
}

/**
 * Mails the pending deliveries given (all of one user), one mail per search, and marks each mailed or
 * skipped, in the caller's transaction (the job's complete). A delivery whose ad is no longer listed,
 * or whose search no longer sends e-mail, is skipped, never mailed later.
 */
async function mailDeliveries(tx: Db, links: AlertLinks, deliveryIds: readonly string[]): Promise<number> {
  if (deliveryIds.length === 0) return 0
  const rows = await tx
    .select({
      delivery: alertDeliveries,
      search: savedSearches,
      email: users.email,
      language: users.language,
      ad: { id: ads.id, title: ads.title, province: ads.province, category: ads.category },
      listed: sql<boolean>`coalesce(${isListed}, false)`,
    })
    .from(alertDeliveries)
    .innerJoin(savedSearches, eq(savedSearches.id, alertDeliveries.searchId))
    .innerJoin(users, eq(users.id, alertDeliveries.userId))
    .innerJoin(ads, eq(ads.id, alertDeliveries.adId))
    .where(
      and(
        inArray(alertDeliveries.id, [...deliveryIds]),
        isNull(alertDeliveries.emailAt),
        isNull(alertDeliveries.emailSkipped),
      ),
    )
    .orderBy(alertDeliveries.createdAt)
    .for('update', { of: alertDeliveries })
  const bySearch = new Map<
    string,
    { search: SavedSearchRow; email: string; language: Language; items: AlertItem[] }
  >()
  const mailed: string[] = []
  for (const row of rows) {
    const wantsEmail = (EMAIL_ALERTS as readonly string[]).includes(row.search.alert)
    if (!row.listed || !wantsEmail) {
      await tx
        .update(alertDeliveries)
        .set({ emailSkipped: row.listed ? 'alert_off' : 'ad_not_listed' })
        .where(eq(alertDeliveries.id, row.delivery.id))
      continue
    }
    const group = bySearch.get(row.search.id) ?? {
      search: row.search,
      email: row.email,
      language: row.language,
      items: [],
    }
    group.items.push({
      title: row.ad.title,
      url: new URL(
        adPath({
          id: row.ad.id,
          title: row.ad.title,
          province: row.ad.province as ProvinceCode,
          category: row.ad.category as CategoryKey,
        }),
        links.publicUrl,
      ).toString(),
    })
    bySearch.set(row.search.id, group)
    mailed.push(row.delivery.id)
  }
  for (const group of bySearch.values()) {
    const unsubscribe = unsubscribeUrl(links, group.search.id)
    const only = group.items.length === 1 ? group.items[0] : undefined
    await enqueueMail(tx, {
      to: group.email,
      ...alertMail(group.language, {
        searchName: searchNameOf(group.language, group.search),
        items: group.items,
        listingUrl: listingUrl(links, group.search),
        unsubscribeUrl: unsubscribe,
      }),
      link: only ? only.url : listingUrl(links, group.search),
      headers: {
        'List-Unsubscribe': `<${unsubscribe}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      },
    })
  }
  if (mailed.length > 0)
    await tx.update(alertDeliveries).set({ emailAt: sql`now()` }).where(inArray(alertDeliveries.id, mailed))
  return bySearch.size
}

/** An instant alert: the one delivery's mail. */
export function mailDelivery(tx: Db, links: AlertLinks, deliveryId: string): Promise<number> {
  return mailDeliveries(tx, links, [deliveryId])
}

/** A user's daily digest: every delivery still waiting for a mail, one mail per search. */
export async function mailDigest(tx: Db, links: AlertLinks, userId: string): Promise<number> {
  const pending = await tx
    .select({ id: alertDeliveries.id })
    .from(alertDeliveries)
    .where(
      and(
        eq(alertDeliveries.userId, userId),
        isNull(alertDeliveries.emailAt),
        isNull(alertDeliveries.emailSkipped),
      ),
    )
  return mailDeliveries(
    tx,
    links,
    pending.map((p) => p.id),
  )
}

/**
 * The one-click unsubscribe (RFC 8058): a valid token turns the search's e-mail off (a push alert
 * stays). Answers whether the token named a search this server signed; an unknown or deleted one is
 * false.
 */
export async function unsubscribe(
  db: Db,
  keys: ReporterKeys,
  token: string,
): Promise<{ language: Language } | null> {
  const [searchId, mark] = token.split('.')
  if (!searchId || !mark || !/^[0-9a-f-]{36}$/i.test(searchId)) return null
  if (!keys.isUnsubscribeMark(searchId, mark)) return null
  const [row] = await db
    .update(savedSearches)
    .set({
      alert: sql`case ${savedSearches.alert} when 'both' then 'push' when 'email' then 'none' else ${savedSearches.alert} end`,
    })
    .where(eq(savedSearches.id, searchId))
    .returning({ userId: savedSearches.userId })
  if (!row) return null
  const [owner] = await db.select({ language: users.language }).from(users).where(eq(users.id, row.userId))
  return { language: owner?.language ?? 'en' }
}
