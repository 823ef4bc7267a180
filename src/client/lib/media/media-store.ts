// Photos and videos chosen in the form are kept as blobs in IndexedDB and referred to by
// `idb-blob:<id>` (see post-draft.ts); ordinary URLs (stock pictures) pass through untouched.
import { deleteBlobs, putBlob } from '#client/db/blobs-repository.ts'
import { blobIdOf, blobRef } from '#domain/post-draft.ts'
import { downscaleImage } from './downscale.ts'
import { uploads } from './uploads.ts'

export async function storePhoto(file: File): Promise<string> {
  return blobRef(await putBlob(await downscaleImage(file)))
}

export async function storeVideo(file: File): Promise<string> {
  return blobRef(await putBlob(file))
}

/** Forgets the blobs behind these references, stopping their uploads; URLs are left alone. */
export async function deleteMedia(refs: readonly string[]): Promise<void> {
  uploads.forget(refs)
  const ids = refs.map(blobIdOf).filter((id): id is string => id !== null)
  if (ids.length) await deleteBlobs(ids)
}
