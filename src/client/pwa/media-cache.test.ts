import { describe, expect, it, vi } from 'vitest'
import { dropWithdrawn, forgetFetchedMedia, keepOnlyPublic, PHOTO_CACHE } from './media-cache.ts'

const answer = (cacheControl: string | null, status = 200) =>
  new Response('x', { status, headers: cacheControl === null ? {} : { 'cache-control': cacheControl } })

describe("the service worker's photo cache", () => {
  it('keeps a public photo, whether kept an hour or checked on every use', async () => {
    for (const header of ['public, max-age=3600', 'public, no-cache', 'Public']) {
      const response = answer(header)
      expect(await keepOnlyPublic({ response }), header).toBe(response)
    }
  })

  it("never keeps an owner's or admin's private photo, an answer without a say, or an error", async () => {
    for (const [header, status] of [
      ['private, no-store', 200],
      ['public, no-store', 200],
      ['public, private', 200],
      [null, 200],
      ['public, max-age=3600', 206],
      ['public, max-age=3600', 404],
    ] as const)
      expect(await keepOnlyPublic({ response: answer(header, status) }), `${header} ${status}`).toBeNull()
  })

  it('drops its copy of a photo the server answers 404 for, and leaves it for any other answer', async () => {
    const remove = vi.fn(async () => true)
    vi.stubGlobal('caches', { open: vi.fn(async () => ({ delete: remove })) })
    try {
      const request = new Request('http://x/media/a/640.webp')
      const gone = answer('private, no-store', 404)
      expect(await dropWithdrawn({ request, response: gone })).toBe(gone)
      expect(remove).toHaveBeenCalledWith(request)
      remove.mockClear()
      await dropWithdrawn({ request, response: answer('public, max-age=3600') })
      expect(remove).not.toHaveBeenCalled()
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('is emptied on sign-out, and sign-out works where there is no Cache Storage', async () => {
    const deleted = vi.fn(async () => true)
    vi.stubGlobal('caches', { delete: deleted })
    try {
      await forgetFetchedMedia()
      expect(deleted).toHaveBeenCalledWith(PHOTO_CACHE)
    } finally {
      vi.unstubAllGlobals()
    }
    vi.stubGlobal('caches', undefined)
    try {
      await expect(forgetFetchedMedia()).resolves.toBeUndefined()
    } finally {
      vi.unstubAllGlobals()
    }
  })
})
