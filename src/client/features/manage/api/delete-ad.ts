import { http } from '#client/lib/http.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'

/** DELETE /ads/{id}: the owner takes the ad down (kept as removed on the server for the record). */
export function deleteAd(adId: string) {
  return http.delete(AdsPaths.ad(adId))
}
