import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ads } from './ads.ts'
import { createdAt, ownerUserId } from './user-columns.ts'

/**
 * An ad's scheduled bumps (docs/decisions/050-scheduled-bumps.md): one schedule per ad at most (a
 * new one replaces it), one job per moment (`bumps.scheduled`, key `${id}:${moment}`). Deleting the
 * row is cancelling: a job that finds no schedule charges nothing. The ad or the account going takes
 * it with them.
 */
export const bumpSchedules = pgTable(
  'bump_schedules',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    userId: ownerUserId(),
    // the times-of-day form as asked (null for a list of moments), shown back to the owner
    timeZone: text('time_zone'),
    times: jsonb('times').$type<string[]>(),
    days: integer('days'),
    // when the one mail about a short balance was queued: a schedule tells its owner once
    shortMailedAt: timestamp('short_mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('bump_schedules_ad_idx').on(t.adId)],
)

export type BumpScheduleRow = typeof bumpSchedules.$inferSelect
