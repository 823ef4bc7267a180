import { http } from '#client/lib/http.ts'
import type { AdReveal } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { adSchemas } from './ad-schemas.ts'

/** POST /ads/{id}/reveal: the contact details, only after the typed-code step (rate-limited per client). */
export async function revealAd(adId: string): Promise<AdReveal> {
  const { AdRevealSchema } = await adSchemas()
  return http.post(AdsPaths.reveal(adId), undefined, { schema: AdRevealSchema })
}
