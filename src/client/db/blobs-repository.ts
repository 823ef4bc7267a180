// Photo blobs chosen in the post form (issue 5): kept in IndexedDB by id, referenced from the draft.
// Without IndexedDB they live in memory for the page's lifetime (localStorage cannot hold blobs).
// Once a blob is uploaded its media id is kept beside it, so a reload or an offline checkout later
// does not upload it again.
import { getDb, type StoredBlob } from './database.ts'

const memory = new Map<string, StoredBlob>()

export async function putBlob(blob: Blob): Promise<string> {
  const id = crypto.randomUUID()
  const record: StoredBlob = { id, blob, createdAt: new Date().toISOString() }
  const db = await getDb()
  if (db) await db.blobs.put(record)
  else memory.set(id, record)
  return id
}

async function getRecord(id: string): Promise<StoredBlob | undefined> {
  const db = await getDb()
  return db ? db.blobs.get(id) : memory.get(id)
}

export async function getBlob(id: string): Promise<Blob | undefined> {
  return (await getRecord(id))?.blob
}

/** The media id this blob was uploaded as, with when; undefined when never uploaded (or forgotten). */
export async function getUploaded(id: string): Promise<{ mediaId: string; uploadedAt: string } | undefined> {
  const record = await getRecord(id)
  return record?.mediaId && record.uploadedAt
    ? { mediaId: record.mediaId, uploadedAt: record.uploadedAt }
    : undefined
}

/** Remembers (or, with null, forgets) the media id of a blob's upload; a missing blob is left alone. */
export async function setUploaded(id: string, mediaId: string | null, at = new Date()): Promise<void> {
  const change = mediaId
    ? { mediaId, uploadedAt: at.toISOString() }
    : { mediaId: undefined, uploadedAt: undefined }
  const db = await getDb()
  if (db) {
    await db.blobs.update(id, change)
    return
  }
  const record = memory.get(id)
  if (record) memory.set(id, { ...record, ...change })
}

export async function deleteBlobs(ids: readonly string[]): Promise<void> {
  const db = await getDb()
  if (db) await db.blobs.bulkDelete([...ids])
  for (const id of ids) memory.delete(id)
}
