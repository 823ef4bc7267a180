import { count, sql } from 'drizzle-orm'
import pg from 'pg'
import type { Database } from '#server/db/client.ts'
import { outbox } from '#server/db/schema/mail.ts'
import type { ChangeFeed } from '#server/services/cache/change-feed.ts'
import type { CacheLive } from '#server/services/cache/rechecked-cache.ts'
import type { MetricSources } from './metrics.ts'

/**
 * The node-postgres pool behind a PostgreSQL database: drizzle keeps the client it was given as
 * `$client`. PGlite has none: one in-process connection runs every query in turn.
 */
function poolOf(database: Database): pg.Pool | undefined {
  const client = (database.db as { $client?: unknown }).$client
  return client instanceof pg.Pool ? client : undefined
}

/** Where each figure of GET /metrics comes from in this app. */
export function metricSources(deps: {
  database: Database
  answerCache: { hitsByRoute(): ReadonlyMap<string, number> }
  changeFeed: ChangeFeed | undefined
  cachesLive: CacheLive | undefined
}): MetricSources {
  const { database, answerCache, changeFeed, cachesLive } = deps
  const pool = poolOf(database)
  return {
    ...(pool && { pool: () => pool }),
    ...(changeFeed && {
      changeFeed: () => ({
        subscribed: changeFeed.live(),
        received: changeFeed.received,
        subscriptions: changeFeed.subscriptions,
      }),
    }),
    ...(cachesLive && { cachesLive }),
    answerCacheHits: () => answerCache.hitsByRoute(),
    outbox: async () => {
      // one scan of a table the sender keeps short (a sent mail's row is deleted)
      const [row] = await database.db
        .select({
          waiting: count(),
          due: sql<number>`count(*) filter (where ${outbox.nextAttemptAt} <= now())`.mapWith(Number),
          oldestSeconds:
            sql<number>`coalesce(extract(epoch from now() - min(${outbox.createdAt})), 0)`.mapWith(Number),
        })
        .from(outbox)
      return { waiting: row?.waiting ?? 0, due: row?.due ?? 0, oldestSeconds: row?.oldestSeconds ?? 0 }
    },
  }
}
