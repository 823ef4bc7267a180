import { uploads } from '#client/lib/media/uploads.ts'
import type { PostDraft } from '#domain/post-draft.ts'

/** The media ids of device files, in order; most were uploaded when picked (lib/media/upload-queue.ts). */
export async function mediaIdsOf(refs: readonly string[]): Promise<string[]> {
  const ids: string[] = []
  for (const ref of refs) {
    // a photo whose blob is gone (storage cleared) is left out rather than blocking the ad
    const id = await uploads.mediaIdFor(ref)
    if (id) ids.push(id)
  }
  return ids
}

/** The draft's photos and videos as media ids, uploading whatever has not gone yet. */
export async function uploadDraftMedia(draft: Pick<PostDraft, 'images' | 'videos'>) {
  return { images: await mediaIdsOf(draft.images), videos: await mediaIdsOf(draft.videos) }
}
