import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { startMediaCleanup } from '#server/services/media/media-cleanup.ts'
import { MediaLibrary } from '#server/services/media/media-library.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { openMediaStore } from '#server/services/media/open-media-store.ts'
import { CountingMediaStore } from '#server/services/metrics/counting-media-store.ts'

declare module 'fastify' {
  interface FastifyInstance {
    mediaLibrary: MediaLibrary
  }
}

export interface MediaOptions {
  /** Where media files go; default: the store the config names (open-media-store.ts). */
  store?: MediaStore | undefined
}

/**
 * The media library over its store (counted by the metrics), the store's readiness check and the
 * hourly sweep of uploads no ad claimed.
 */
async function media(app: FastifyInstance, options: MediaOptions): Promise<void> {
  const store = new CountingMediaStore(options.store ?? openMediaStore(app.config), (operation) =>
    app.metrics.countMediaStoreError(operation),
  )
  app.decorate(
    'mediaLibrary',
    new MediaLibrary(app.database.db, store, app.config.MEDIA_QUOTA_MB * 1024 * 1024),
  )
  app.readiness.add({
    name: 'media store',
    dependency: 'media store',
    // shared by every process, and sign-in, wallet and listings never touch it: its outage answers
    // media requests 503 and unreadies no process (docs/decisions/041-fault-drill.md)
    degradesOnly: true,
    run: () => store.check(),
  })
  const stopCleanup = startMediaCleanup(app.database.db, app.mediaLibrary, app.log, app.clock)
  app.addHook('onClose', async () => {
    stopCleanup()
    store.close?.()
  })
}

export default fp(media, { name: 'media', dependencies: ['core', 'metrics'] })
