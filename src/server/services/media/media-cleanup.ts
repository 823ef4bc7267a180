import type { FastifyBaseLogger } from 'fastify'
import type { Clock } from '#server/clock.ts'
import type { Db } from '#server/db/client.ts'
import { removeStaleDrafts } from '#server/services/ads/stale-drafts.ts'
import type { MediaLibrary } from './media-library.ts'

// often enough that an abandoned upload outlives its 24 hours by at most an hour
export const MEDIA_CLEANUP_INTERVAL_MS = 60 * 60 * 1000

/** Deletes uploads no ad claimed within a day of `now`; the tests call it with their own clock. */
export async function sweepAbandonedUploads(
  library: MediaLibrary,
  log: FastifyBaseLogger,
  now: Date = new Date(),
): Promise<number> {
  const deleted = await library.sweepOrphans(now)
  if (deleted > 0) log.info({ deleted }, 'abandoned uploads deleted')
  return deleted
}

/** Both sweeps of the hour: drafts never paid (with their media), then unattached uploads. */
export async function sweepMedia(
  db: Db,
  library: MediaLibrary,
  log: FastifyBaseLogger,
  now: Date,
): Promise<void> {
  const drafts = await removeStaleDrafts(db, library, now)
  if (drafts > 0) log.info({ drafts }, 'unpaid drafts deleted with their media')
  await sweepAbandonedUploads(library, log, now)
}

/**
 * Runs the sweeps every hour in this process (unref'd, so it never keeps the process alive). With
 * several API processes each sweeps; a draft is removed by one of them (its status is the update's
 * condition), and deleting the same media rows twice is harmless.
 */
export function startMediaCleanup(
  db: Db,
  library: MediaLibrary,
  log: FastifyBaseLogger,
  clock: Clock,
): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    sweepMedia(db, library, log, clock.now())
      .catch((error: unknown) => log.error({ err: error }, 'media clean-up failed'))
      .finally(() => {
        running = false
      })
  }, MEDIA_CLEANUP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
