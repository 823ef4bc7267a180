import type { FastifyBaseLogger } from 'fastify'
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

/**
 * Runs the sweep every hour in this process (unref'd, so it never keeps the process alive). With
 * several API processes each sweeps; deleting the same rows twice is harmless.
 */
export function startMediaCleanup(library: MediaLibrary, log: FastifyBaseLogger): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    sweepAbandonedUploads(library, log)
      .catch((error: unknown) => log.error({ err: error }, 'media clean-up failed'))
      .finally(() => {
        running = false
      })
  }, MEDIA_CLEANUP_INTERVAL_MS)
  timer.unref()
  return () => clearInterval(timer)
}
