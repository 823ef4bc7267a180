// Photo blobs chosen in the post form (issue 5): kept in IndexedDB by id, referenced from the draft.
// Without IndexedDB they live in memory for the page's lifetime (localStorage cannot hold blobs).
import { getDb } from './database.ts'

const memory = new Map<string, Blob>()

export async function putBlob(blob: Blob): Promise<string> {
  const id = crypto.randomUUID()
  const db = await getDb()
  if (db) await db.blobs.put({ id, blob, createdAt: new Date().toISOString() })
  else memory.set(id, blob)
  return id
}

export async function getBlob(id: string): Promise<Blob | undefined> {
  const db = await getDb()
  if (!db) return memory.get(id)
  return (await db.blobs.get(id))?.blob
}

export async function deleteBlobs(ids: readonly string[]): Promise<void> {
  const db = await getDb()
  if (db) await db.blobs.bulkDelete([...ids])
  for (const id of ids) memory.delete(id)
}
