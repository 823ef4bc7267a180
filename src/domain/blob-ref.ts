// Kept apart from post-draft.ts (zod) so showing an ad's photo does not load the draft schema.

/**
 * Photos and videos chosen on the device are kept as blobs in IndexedDB; the ad refers to them with
 * this prefix and the blob's id, so the draft stays small JSON (it travels in a charge's metadata).
 */
export const BLOB_REF_PREFIX = 'idb-blob:'

export function blobRef(id: string): string {
  return `${BLOB_REF_PREFIX}${id}`
}

/** The blob id inside a reference, or null when the string is an ordinary URL. */
export function blobIdOf(ref: string): string | null {
  return ref.startsWith(BLOB_REF_PREFIX) ? ref.slice(BLOB_REF_PREFIX.length) || null : null
}
