import { rememberServerAd, serverAdFor } from '#client/lib/checkout-handoff.ts'
import { http } from '#client/lib/http.ts'
import { uploads } from '#client/lib/media/uploads.ts'
import { OwnAdSchema } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { draftToAdWrite, type PostDraft } from '#domain/post-draft.ts'
import { uploadDraftMedia } from './upload-draft-media.ts'

/** POST /ads: the ad, awaiting its posting fee (it goes live only when that is paid). */
export function createAd(draft: PostDraft, media: { images: string[]; videos: string[] }) {
  return http.post(AdsPaths.list, draftToAdWrite(draft, media), { schema: OwnAdSchema })
}

/**
 * The server ad a draft pays for: created once, then remembered by the draft's id, so a second tap,
 * a resumed offline order or a new crypto charge all pay for the same ad.
 */
export async function ensureServerAd(draft: PostDraft): Promise<string> {
  const known = serverAdFor(draft.id)
  if (known) return known
  const ad = await createAd(draft, await uploadDraftMedia(draft))
  rememberServerAd(draft.id, ad.id)
  await uploads.release([...draft.images, ...draft.videos])
  return ad.id
}
