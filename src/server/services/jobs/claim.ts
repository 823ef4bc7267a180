import { and, isNull, lte, sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { jobs } from '#server/db/schema/jobs.ts'

/** A job this process holds the lease of. */
export interface ClaimedRow {
  id: string
  kind: string
  key: string
  payload: unknown
  runAt: Date
  attempts: number
  leaseToken: string
}

interface RawClaimedRow {
  id: string
  kind: string
  key: string
  payload: unknown
  run_at: Date | string
  attempts: number
  lease_token: string
}

/** Due jobs of one kind, for the metrics: how many, and how long the oldest has waited. */
export interface DueJobs {
  kind: string
  due: number
  oldestDueSeconds: number
}

const waiting = and(isNull(jobs.doneAt), isNull(jobs.failedAt))

/**
 * Takes up to `batch` jobs of `leases`' kinds whose next attempt is due at `now`, oldest first, rows
 * another process is claiming skipped: each gets a fresh lease token, one more attempt, and its next
 * attempt pushed to the end of its kind's lease. One statement, so the claim is whole or nothing.
 */
export async function claimDueJobs(
  db: Db,
  now: Date,
  leases: ReadonlyMap<string, number>,
  batch: number,
): Promise<ClaimedRow[]> {
  const at = now.toISOString()
  // The due ids are picked once, in a MATERIALIZED CTE: as `WHERE id IN (SELECT … LIMIT n FOR
  // UPDATE SKIP LOCKED)` PostgreSQL ran the subquery again per row it joined, and one claim took 195
  // jobs of 200 instead of a batch (docs/decisions/045-jobs.md)
  const result = await db.execute(sql`
    WITH due AS MATERIALIZED (
      SELECT ${jobs.id} FROM ${jobs}
      WHERE ${jobs.doneAt} IS NULL AND ${jobs.failedAt} IS NULL
        AND ${jobs.kind} IN ${[...leases.keys()]} AND ${jobs.nextAttemptAt} <= ${at}::timestamptz
      ORDER BY ${jobs.nextAttemptAt}
      LIMIT ${batch}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE ${jobs} SET
      attempts = ${jobs.attempts} + 1,
      lease_token = gen_random_uuid(),
      next_attempt_at = ${at}::timestamptz
        + (${JSON.stringify(Object.fromEntries(leases))}::jsonb ->> ${jobs.kind})::int * interval '1 millisecond'
    FROM due WHERE ${jobs.id} = due.id
    RETURNING ${jobs.id}, ${jobs.kind}, ${jobs.key}, ${jobs.payload}, ${jobs.runAt}, ${jobs.attempts},
      ${jobs.leaseToken}`)
  // both drivers answer raw SQL with { rows }; the shared Db type leaves it unknown
  const rows = (result as unknown as { rows: RawClaimedRow[] }).rows
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    key: row.key,
    payload: row.payload,
    runAt: new Date(row.run_at),
    attempts: row.attempts,
    leaseToken: row.lease_token,
  }))
}

/** Unfinished jobs whose time has come at `now`, per kind (`kinds` with none say 0). */
export async function readDueJobs(db: Db, now: Date, kinds: readonly string[]): Promise<DueJobs[]> {
  const rows = await db
    .select({
      kind: jobs.kind,
      due: sql<number>`count(*)`.mapWith(Number),
      oldest: sql<string>`min(${jobs.runAt})`,
    })
    .from(jobs)
    .where(and(waiting, lte(jobs.runAt, now)))
    .groupBy(jobs.kind)
  const byKind = new Map(rows.map((row) => [row.kind, row]))
  return [...new Set([...kinds, ...byKind.keys()])].map((kind) => {
    const row = byKind.get(kind)
    const oldest = row ? new Date(row.oldest).getTime() : now.getTime()
    return { kind, due: row?.due ?? 0, oldestDueSeconds: Math.max(0, (now.getTime() - oldest) / 1000) }
  })
}
