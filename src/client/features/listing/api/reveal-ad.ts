import { http } from '#client/lib/http.ts'
import { AdRevealSchema, AdsPaths } from '#domain/api/ads.ts'

/** POST /ads/{id}/reveal: the contact details, only after the typed-code step (rate-limited per client). */
export function revealAd(adId: string) {
  return http.post(AdsPaths.reveal(adId), undefined, { schema: AdRevealSchema })
}
