import { getBlob } from '#client/db/blobs-repository.ts'
import { http } from '#client/lib/http.ts'
import { MediaPaths, MediaSchema } from '#domain/api/media.ts'
import { blobIdOf, type PostDraft } from '#domain/post-draft.ts'

/** POST /media: one file, multipart; the answer names the media id an ad refers to. */
async function uploadBlob(blob: Blob): Promise<string> {
  const form = new FormData()
  form.append('file', blob)
  return (await http.post(MediaPaths.upload, form, { schema: MediaSchema })).id
}

async function uploadRefs(refs: readonly string[]): Promise<string[]> {
  const ids: string[] = []
  for (const ref of refs) {
    const blobId = blobIdOf(ref)
    const blob = blobId ? await getBlob(blobId) : undefined
    // a photo whose blob is gone (storage cleared) is left out rather than blocking the ad
    if (blob) ids.push(await uploadBlob(blob))
  }
  return ids
}

/** Uploads the draft's photos and videos from the device, in order, and returns their media ids. */
export async function uploadDraftMedia(draft: Pick<PostDraft, 'images' | 'videos'>) {
  return { images: await uploadRefs(draft.images), videos: await uploadRefs(draft.videos) }
}
