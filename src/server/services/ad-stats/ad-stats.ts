import { eq, sql } from 'drizzle-orm'
import { AD_STATS_DAYS, type AdStats, type AdStatsCounts } from '#domain/api/ad-stats.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { ApiError } from '#server/errors.ts'
import { type AdStatsCounter, utcDay } from './ad-stats-counter.ts'

const DAY_MS = 86_400_000

// both drivers answer raw SQL with { rows }; the shared Db type leaves it unknown
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/**
 * The last AD_STATS_DAYS UTC days of an ad, today last, each day present (zeros where nothing
 * happened). Favourites are those kept now, by the day they were added: a favourite dropped later is
 * no longer counted, so the figure never says more people keep the ad than do
 * (docs/decisions/053-ad-stats.md).
 */
async function readAdStats(db: Db, adId: string, now: Date): Promise<AdStats> {
  const dates = Array.from({ length: AD_STATS_DAYS }, (_, i) =>
    utcDay(new Date(now.getTime() - (AD_STATS_DAYS - 1 - i) * DAY_MS)),
  )
  const first = dates[0] as string
  const [counted, kept] = await Promise.all([
    db.execute(sql`
      select to_char(day, 'YYYY-MM-DD') as date, views, reveals, alerts
      from ad_stats_daily where ad_id = ${adId} and day >= ${first}::date`),
    db.execute(sql`
      select to_char((saved_at at time zone 'UTC')::date, 'YYYY-MM-DD') as date, count(*)::int as favourites
      from favourites where ad_id = ${adId} and saved_at >= ${`${first}T00:00:00Z`}::timestamptz
      group by 1`),
  ])
  const byDate = new Map<string, AdStatsCounts>(
    dates.map((date) => [date, { views: 0, reveals: 0, favourites: 0, alerts: 0 }]),
  )
  for (const row of rowsOf<{ date: string; views: number; reveals: number; alerts: number }>(counted)) {
    const day = byDate.get(row.date)
    if (!day) continue
    day.views = Number(row.views)
    day.reveals = Number(row.reveals)
    day.alerts = Number(row.alerts)
  }
  for (const row of rowsOf<{ date: string; favourites: number }>(kept)) {
    const day = byDate.get(row.date)
    if (day) day.favourites = Number(row.favourites)
  }
  const days = dates.map((date) => ({ date, ...(byDate.get(date) as AdStatsCounts) }))
  const totals = { views: 0, reveals: 0, favourites: 0, alerts: 0 }
  for (const day of days) {
    totals.views += day.views
    totals.reveals += day.reveals
    totals.favourites += day.favourites
    totals.alerts += day.alerts
  }
  return { days, totals }
}

/**
 * An ad's stats for its owner or an admin; 404 for anyone else, as for an ad that never was. This
 * process's counts of the last few seconds are written first; another process's reach the table
 * within its flush interval.
 */
export async function statsForReader(
  db: Db,
  counter: AdStatsCounter,
  adId: string,
  reader: 'admin' | { userId: string },
  now: Date,
): Promise<AdStats> {
  // an id no ad can have is no ad: PostgreSQL refuses some (a NUL byte) with an error, not a miss
  if (!isAdId(adId)) throw new ApiError(404, 'ad.not_found')
  const [row] = await db.select({ ownerId: ads.ownerId }).from(ads).where(eq(ads.id, adId))
  if (!row || (reader !== 'admin' && row.ownerId !== reader.userId)) throw new ApiError(404, 'ad.not_found')
  await counter.flush(db).catch(() => {})
  return readAdStats(db, adId, now)
}
