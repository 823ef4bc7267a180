import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { canApply, effectiveStatus, unpayableCode } from '#domain/ad-status.ts'
import type { BumpSchedule, BumpScheduleRequest } from '#domain/api/bump-schedules.ts'
import { type ScheduleInput, scheduleMoments } from '#domain/bump-schedule.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { centsToDollars } from '#domain/money.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { type BumpScheduleRow, bumpSchedules } from '#server/db/schema/bump-schedules.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { users } from '#server/db/schema/users.ts'
import { ApiError } from '#server/errors.ts'
import { isCompanionCategory, ownerVerifiedNow } from '#server/services/ads/companion-rules.ts'
import { enqueueJob } from '#server/services/jobs/enqueue.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'
import { chargeScheduledBump } from '#server/services/wallet/wallet-service.ts'
import { dropSchedule, momentKey, scheduledBumpKind } from './bump-kind.ts'
import { shortBalanceMail } from './bump-mails.ts'

// Scheduled bumps (docs/decisions/050-scheduled-bumps.md). A schedule is a row per ad and a job per
// moment, queued in the PUT's transaction; each job charges the manual bump's own wallet debit inside
// its `complete`, so a moment is charged once across processes and restarts.

/** The owner's ad, read in the caller's transaction (AdsService.ownAd: 404 for anyone else's). */
type OwnAd = (db: Db) => Promise<AdRow>

function input(body: BumpScheduleRequest): ScheduleInput {
  if (body.moments) return { moments: body.moments }
  return { timeZone: body.timeZone ?? '', times: body.times ?? [], days: body.days ?? 0 }
}

async function view(
  db: Db,
  adId: string,
  schedule: BumpScheduleRow | undefined,
  live: boolean,
): Promise<BumpSchedule> {
  const waiting =
    schedule && live
      ? await db
          .select({ runAt: jobs.runAt })
          .from(jobs)
          .where(
            and(
              eq(jobs.kind, scheduledBumpKind.name),
              sql`starts_with(${jobs.key}, ${`${schedule.id}:`})`,
              isNull(jobs.doneAt),
              isNull(jobs.failedAt),
            ),
          )
          .orderBy(asc(jobs.runAt))
      : []
  return {
    adId,
    next: waiting.map((job) => job.runAt.toISOString()),
    timeZone: schedule?.timeZone ?? null,
    times: schedule?.times ?? null,
    days: schedule?.days ?? null,
    feeCad: centsToDollars(FEES_CENTS.bump),
  }
}

/**
 * Every schedule of the user's ads for their data export (issue 31): the form it was asked in and the
 * moments still waiting, whatever the ad's state now.
 */
export async function schedulesOfUser(db: Db, userId: string) {
  const rows = await db
    .select()
    .from(bumpSchedules)
    .where(eq(bumpSchedules.userId, userId))
    .orderBy(asc(bumpSchedules.createdAt))
  return Promise.all(
    rows.map(async (row) => ({ ...(await view(db, row.adId, row, true)), createdAt: row.createdAt })),
  )
}

/** The ad's schedule as its owner sees it: the moments still to run (none once the ad is not live). */
export async function readSchedule(db: Db, ownAd: OwnAd, now: Date): Promise<BumpSchedule> {
  const ad = await ownAd(db)
  const [schedule] = await db.select().from(bumpSchedules).where(eq(bumpSchedules.adId, ad.id))
  return view(db, ad.id, schedule, effectiveStatus(ad, now) === 'live')
}

/**
 * Replaces the ad's schedule: the old one's waiting moments are cancelled and the new one's queued,
 * in one transaction on the ad's locked row. Only a live ad takes one (409 with the fee's own code);
 * the moments' rules are the domain's (400 with a bump_schedule code).
 */
export async function putSchedule(
  db: Db,
  ownAd: OwnAd,
  ownerId: string,
  body: BumpScheduleRequest,
  now: Date,
): Promise<BumpSchedule> {
  const moments = scheduleMoments(input(body), now)
  if (!Array.isArray(moments)) throw ApiError.of(400, moments)
  return db.transaction(async (tx) => {
    // the owner's row before the ad's, in a verification decision's order (companion-rules.ts)
    const verified = await ownerVerifiedNow(tx, ownerId)
    const owned = await ownAd(tx)
    const [ad] = await tx.select().from(ads).where(eq(ads.id, owned.id)).for('update')
    if (!ad) throw new ApiError(404, 'ad.not_found')
    const status = effectiveStatus(ad, now)
    if (!canApply('bump', status)) throw new ApiError(409, unpayableCode('bump', status))
    if (isCompanionCategory(ad.category) && !verified)
      throw new ApiError(403, 'ad.companion_needs_verification')
    const [old] = await tx.select().from(bumpSchedules).where(eq(bumpSchedules.adId, ad.id))
    if (old) await dropSchedule(tx, old.id)
    const form = body.moments ? {} : { timeZone: body.timeZone, times: body.times, days: body.days }
    const [schedule] = await tx
      .insert(bumpSchedules)
      .values({ adId: ad.id, userId: ownerId, ...form })
      .returning()
    if (!schedule) throw new Error('bump schedule was not written')
    for (const moment of moments) {
      await enqueueJob(tx, {
        kind: scheduledBumpKind,
        key: momentKey(schedule.id, moment),
        runAt: moment,
        payload: { scheduleId: schedule.id, moment: moment.toISOString() },
      })
    }
    return view(tx, ad.id, schedule, true)
  })
}

/** Cancels the ad's schedule: what has not run is not charged. Harmless without one. */
export async function cancelSchedule(db: Db, ownAd: OwnAd, now: Date): Promise<BumpSchedule> {
  return db.transaction(async (tx) => {
    const ad = await ownAd(tx)
    const [schedule] = await tx.select().from(bumpSchedules).where(eq(bumpSchedules.adId, ad.id))
    if (schedule) await dropSchedule(tx, schedule.id)
    return view(tx, ad.id, undefined, effectiveStatus(ad, now) === 'live')
  })
}

export type ScheduledBumpResult = 'charged' | 'skipped' | 'short' | 'stopped' | 'gone'

/**
 * One moment, inside the job's `complete` (its `tx`): the world is read again here. No schedule (it
 * was cancelled or replaced): nothing. The ad no longer live or no longer bumpable by its owner: the
 * schedule stops. Bumped by hand within the spacing: this moment is skipped. A short balance: this
 * moment is skipped and the owner is mailed once per schedule. Otherwise the bump and its debit.
 */
export async function runScheduledBump(
  tx: Db,
  payload: { scheduleId: string; moment: string },
  now: Date,
  publicUrl: string,
): Promise<ScheduledBumpResult> {
  const [found] = await tx.select().from(bumpSchedules).where(eq(bumpSchedules.id, payload.scheduleId))
  if (!found) return 'gone'
  // the owner's row, the ad's, then the schedule's: the order of a payment and of a PUT
  await ownerVerifiedNow(tx, found.userId)
  const [ad] = await tx.select().from(ads).where(eq(ads.id, found.adId)).for('update')
  const [schedule] = await tx
    .select()
    .from(bumpSchedules)
    .where(eq(bumpSchedules.id, payload.scheduleId))
    .for('update')
  if (!schedule) return 'gone'
  if (!ad || effectiveStatus(ad, now) !== 'live') {
    await dropSchedule(tx, schedule.id)
    return 'stopped'
  }
  const outcome = await chargeScheduledBump(tx, {
    userId: schedule.userId,
    adId: ad.id,
    scheduleId: schedule.id,
    moment: new Date(payload.moment),
    now,
  })
  if (outcome.charged) return 'charged'
  if (outcome.code === 'ad.bumped_recently') return 'skipped'
  if (outcome.statusCode !== 402) {
    await dropSchedule(tx, schedule.id)
    return 'stopped'
  }
  if (schedule.shortMailedAt === null) {
    await tx.update(bumpSchedules).set({ shortMailedAt: now }).where(eq(bumpSchedules.id, schedule.id))
    const [owner] = await tx
      .select({ email: users.email, language: users.language })
      .from(users)
      .where(eq(users.id, schedule.userId))
    if (owner) {
      const mail = shortBalanceMail(owner.language, {
        title: ad.title,
        fee: FEES_CENTS.bump,
        walletUrl: new URL('/wallet', publicUrl).toString(),
      })
      await enqueueMail(tx, { to: owner.email, ...mail })
    }
  }
  return 'short'
}
