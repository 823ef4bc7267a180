import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorSchema } from '#domain/api/common.ts'
import { PHOTO_WIDTHS, VIDEO_VARIANT } from '#domain/media-urls.ts'
import type { MediaRow } from '#server/db/schema/media.ts'
import { ApiError } from '#server/errors.ts'
import { parseByteRange } from '#server/services/media/byte-range.ts'
import { findServableMedia, mayViewPrivateMedia } from '#server/services/media/media-privacy.ts'

// A file never changes under its URL, but whether it may be shown does (a hold, a refusal, an
// expiry): a public copy lives an hour, or is checked again on every use while its review is still
// open, so a withdrawal reaches browsers, the service worker and CDNs (docs/decisions/062-public-media.md).
// A private file goes to its owner and the admins only: no shared or later copy.
const CACHE_CONTROL = {
  reviewed: 'public, max-age=3600',
  unreviewed: 'public, no-cache',
  private: 'private, no-store',
} as const
const MEDIA_ID = /^[A-Za-z0-9_-]{1,64}$/

const ParamsSchema = z.object({ id: z.string().max(100), variant: z.string().max(20) })

/** The storage key behind `/media/<id>/<variant>`: `<width>.webp` for photos, `video` for videos. */
function keyOf(row: MediaRow, variant: string): string | undefined {
  if (row.kind === 'video') return variant === VIDEO_VARIANT ? row.storageKeys[0] : undefined
  const index = PHOTO_WIDTHS.findIndex((width) => `${width}.webp` === variant)
  return index < 0 ? undefined : row.storageKeys[index]
}

// GET /media/<id>/<variant> (URLs built only by src/domain/media-urls.ts): the stored file from
// either store, with Range for video seeking. docs/decisions/011-media-storage.md
const mediaFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const notFound = () => new ApiError(404, 'request.not_found')

  app.get(
    '/:id/:variant',
    {
      schema: {
        tags: ['media'],
        summary: 'A stored photo variant or video (public only on a live ad; Range supported)',
        params: ParamsSchema,
        // the file's bytes (streamed, never serialized)
        response: {
          200: z.unknown(),
          206: z.unknown(),
          304: z.unknown(),
          404: ErrorSchema,
          416: ErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const { id, variant } = request.params
      const found = MEDIA_ID.test(id) ? await findServableMedia(app.database.db, id, app.clock.now()) : null
      const row = found?.row
      const key = row ? keyOf(row, variant) : undefined
      if (!found || !row || !key) throw notFound()
      // the same 404 as a missing file: whether a held ad has photos is nobody else's business
      if (
        found.private &&
        !(await mayViewPrivateMedia(app.database.db, row, request.headers.authorization, app.caches.sessions))
      )
        throw notFound()
      const store = app.mediaLibrary.store
      const size = await store.size(key)
      if (size === null) {
        request.log.warn({ media: id, key }, 'media row without its file')
        throw notFound()
      }
      reply.header('x-content-type-options', 'nosniff').header('accept-ranges', 'bytes')
      const range = parseByteRange(request.headers.range, size)
      if (range === 'unsatisfiable') {
        reply.header('content-range', `bytes */${size}`)
        throw new ApiError(416, 'request.range_not_satisfiable')
      }
      const etag = `"${key.slice(0, 64)}"`
      reply
        .header('cache-control', CACHE_CONTROL[found.private ? 'private' : found.lifetime])
        .header('etag', etag)
        .type(row.contentType)
      if (found.private) reply.header('vary', 'Authorization')
      if (request.headers['if-none-match'] === etag) return reply.code(304).send()
      const body = await store.read(key, range ?? undefined)
      if (!body) throw notFound()
      if (range) {
        reply
          .code(206)
          .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
          .header('content-length', range.end - range.start + 1)
      } else reply.header('content-length', size)
      return reply.send(body)
    },
  )

  // anything else under /media is no file of ours: a JSON 404, never the app shell
  app.get('/*', async () => {
    throw notFound()
  })
}

export default mediaFileRoutes
