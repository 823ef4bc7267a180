import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm'
import { type AdStatus, effectiveStatus } from '#domain/ad-status.ts'
import { ADMIN_ADS_PAGE_SIZE, type AdminAdPage, type AdminAdsQuery } from '#domain/api/admin-ads.ts'
import { clampPage, pageCount } from '#domain/listing.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { adReports } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'

// The admin's search over every ad (issue 13). Admin traffic is a handful of requests, so the text
// and email conditions are plain substring scans rather than the public search's indexed vector.

/** The admin's words taken literally inside a LIKE pattern: % and _ match only themselves. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&')
}

/**
 * The effective status as a condition, read at `now` as effectiveStatus() reads it: a live row whose
 * expires_at has passed counts as expired, not live.
 */
function statusCondition(status: AdStatus, now: Date): SQL {
  const at = sql`${now.toISOString()}::timestamptz`
  if (status === 'live') return sql`(${ads.status} = 'live' and ${ads.expiresAt} > ${at})`
  if (status === 'expired')
    return sql`(${ads.status} = 'expired' or (${ads.status} = 'live' and (${ads.expiresAt} is null or ${ads.expiresAt} <= ${at})))`
  return eq(ads.status, status)
}

function conditions(query: AdminAdsQuery, now: Date): SQL | undefined {
  const where: SQL[] = []
  if (query.q !== '') {
    // ads_fold (migration 0002_ads) lowers case and drops accents, as the public search does
    const pattern = sql`'%' || ads_fold(${likeLiteral(query.q)}) || '%'`
    where.push(sql`(ads_fold(${ads.title}) like ${pattern} or ads_fold(${ads.description}) like ${pattern})`)
  }
  if (query.email !== '') where.push(sql`${users.email} ilike ${`%${likeLiteral(query.email)}%`}`)
  if (query.status) where.push(statusCondition(query.status, now))
  return and(...where)
}

const reporters = sql<number>`(select count(distinct ${adReports.reporter}) from ${adReports} where ${adReports.adId} = ${ads.id})`

/** One page of ads, newest created first; a page past the end reads as the last page. */
export async function searchAdminAds(db: Db, query: AdminAdsQuery): Promise<AdminAdPage> {
  const now = new Date()
  const where = conditions(query, now)
  const pageOf = (page: number) =>
    db
      .select({ ad: ads, ownerEmail: users.email, reporters: reporters.mapWith(Number) })
      .from(ads)
      .leftJoin(users, eq(users.id, ads.ownerId))
      .where(where)
      .orderBy(desc(ads.createdAt), desc(ads.id))
      .limit(ADMIN_ADS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ADS_PAGE_SIZE)
  const [counted, found] = await Promise.all([
    db.select({ total: count() }).from(ads).leftJoin(users, eq(users.id, ads.ownerId)).where(where),
    pageOf(query.page),
  ])
  const total = counted[0]?.total ?? 0
  const pages = pageCount(total, ADMIN_ADS_PAGE_SIZE)
  const page = clampPage(query.page, pages)
  const rows = page === query.page ? found : await pageOf(page)
  return {
    total,
    page,
    pages,
    items: rows.map(({ ad, ownerEmail, reporters }) => ({
      id: ad.id,
      title: ad.title,
      status: effectiveStatus(ad, now),
      province: ad.province,
      city: ad.city,
      category: ad.category,
      ownerEmail,
      demo: ad.demo,
      createdAt: ad.createdAt.toISOString(),
      expiresAt: ad.expiresAt?.toISOString() ?? null,
      removalReason: ad.removalReason,
      reporters,
    })),
  }
}
