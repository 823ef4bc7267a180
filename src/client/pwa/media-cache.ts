// The service worker's copy of ad photos (pwa-config.ts) and what the page does with it. The worker
// keeps a photo only when the server said anyone may keep it (`Cache-Control: public`), drops its
// copy once the server answers that the photo is gone, and the page empties the cache on sign-out:
// an owner's or admin's private photos never outlive the session on the device
// (docs/decisions/062-public-media.md).

export const PHOTO_CACHE = 'ad-photos'

interface CacheWillUpdateParam {
  response: Response
}

interface FetchDidSucceedParam {
  request: Request
  response: Response
}

/**
 * Workbox's cacheWillUpdate: a response to keep, or null. It is copied into the generated worker
 * as source text, so it names nothing outside itself.
 */
export async function keepOnlyPublic({ response }: CacheWillUpdateParam): Promise<Response | null> {
  const directives = (response.headers.get('cache-control') ?? '').toLowerCase()
  const shared = /(^|[\s,])public([\s,]|$)/.test(directives)
  const forbidden = /(^|[\s,])(private|no-store)([\s,=]|$)/.test(directives)
  return response.status === 200 && shared && !forbidden ? response : null
}

/**
 * Workbox's fetchDidSucceed: a photo the server no longer gives (held, refused, expired, deleted)
 * leaves the cache, so it does not come back offline. Source-copied like keepOnlyPublic.
 */
export async function dropWithdrawn({ request, response }: FetchDidSucceedParam): Promise<Response> {
  if (response.status === 404 || response.status === 410) {
    const cache = await caches.open('ad-photos')
    await cache.delete(request)
  }
  return response
}

/** Empties the worker's photo cache (sign-out, an admin's too). Harmless where there is none. */
export async function forgetFetchedMedia(): Promise<void> {
  if (typeof caches === 'undefined') return
  try {
    await caches.delete(PHOTO_CACHE)
  } catch {
    // a browser that refuses Cache Storage (private mode) has nothing kept either
  }
}
