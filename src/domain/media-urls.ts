// Where an ad's stored media reference is served from. A seeded demo ad stores stock paths
// ('/stock/…', served by the PWA); every other ad stores media ids, served by the media route.
// One function so the list, the detail and the owner's view agree, and the media issue can change
// the URL scheme in one place.

export const MEDIA_URL_PREFIX = '/api/media/'

export function mediaUrl(ref: string): string {
  return ref.startsWith('/') ? ref : `${MEDIA_URL_PREFIX}${encodeURIComponent(ref)}`
}

export function mediaUrls(refs: readonly string[]): string[] {
  return refs.map(mediaUrl)
}
