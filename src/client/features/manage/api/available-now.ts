import { http } from '#client/lib/http.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'

/** POST /ads/{id}/available: "Available now" for `hours` from now (docs/decisions/048-advertisers.md). */
export function switchAvailableOn(adId: string, hours: number) {
  return http.post(AdsPaths.available(adId), { hours })
}

/** DELETE /ads/{id}/available: stops it at once. */
export function switchAvailableOff(adId: string) {
  return http.delete(AdsPaths.available(adId))
}
