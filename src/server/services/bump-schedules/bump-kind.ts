import { eq, inArray, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '#server/db/client.ts'
import { bumpSchedules } from '#server/db/schema/bump-schedules.ts'
import { cancelJobs } from '#server/services/jobs/enqueue.ts'
import { defineJobKind } from '#server/services/jobs/job-kind.ts'

// The job of one scheduled moment (docs/decisions/050-scheduled-bumps.md), and the stop that the
// ad's other paths (a hold, a removal) call in their own transactions. Kept apart from the service so
// those paths import no wallet or payment code.

/** One moment of a schedule; its key is `${scheduleId}:${moment}`. The name is stored in rows: never reuse it. */
export const scheduledBumpKind = defineJobKind(
  'bumps.scheduled',
  z.object({ scheduleId: z.string(), moment: z.string() }),
)

export const momentKey = (scheduleId: string, moment: Date) => `${scheduleId}:${moment.toISOString()}`

/** Deletes a schedule and the jobs of its moments still waiting (cancelled or replaced). */
export async function dropSchedule(tx: Db, scheduleId: string): Promise<void> {
  await tx.delete(bumpSchedules).where(eq(bumpSchedules.id, scheduleId))
  await cancelJobs(tx, { kind: scheduledBumpKind, keyPrefix: `${scheduleId}:` })
}

/** Stops the schedules of these ads (held, removed): the moments still waiting are cancelled, nothing charged. */
export async function stopSchedulesOf(tx: Db, adIds: readonly string[]): Promise<void> {
  if (adIds.length === 0) return
  await stopWhere(tx, inArray(bumpSchedules.adId, [...adIds]))
}

/** Stops every schedule of an account, in its deletion's transaction: no job is left waiting for it. */
export async function stopSchedulesOfUser(tx: Db, userId: string): Promise<void> {
  await stopWhere(tx, eq(bumpSchedules.userId, userId))
}

async function stopWhere(tx: Db, where: SQL | undefined): Promise<void> {
  const stopped = await tx.delete(bumpSchedules).where(where).returning({ id: bumpSchedules.id })
  for (const { id } of stopped) await cancelJobs(tx, { kind: scheduledBumpKind, keyPrefix: `${id}:` })
}
