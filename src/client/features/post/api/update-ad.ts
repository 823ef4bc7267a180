import { http } from '#client/lib/http.ts'
import { type AdPatch, OwnAdSchema } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'

/** PATCH /ads/{id}: the owner's edit, checked for banned words again; rank and expiry stay. */
export function updateAd(adId: string, patch: AdPatch) {
  return http.patch(AdsPaths.ad(adId), patch, { schema: OwnAdSchema })
}
