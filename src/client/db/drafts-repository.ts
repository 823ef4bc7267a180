// The post form's draft (spec section 4, "Post flow"): autosaved to IndexedDB and mirrored to the
// draft localStorage key, so it survives reloads and going offline. The form owns the draft's shape
// and passes its schema in: a stored draft that no longer fits reads as no draft.
import { useLiveQuery } from 'dexie-react-hooks'
import type { z } from 'zod'
import { CURRENT_DRAFT_KEY, getDb } from './database.ts'
import { readMirroredDraft, writeMirroredDraft } from './mirror.ts'
import { useLocalDb } from './use-local-db.ts'

function parseDraft<T>(schema: z.ZodType<T>, value: unknown): T | null {
  if (value === null || value === undefined) return null
  const parsed = schema.safeParse(value)
  return parsed.success ? parsed.data : null
}

export async function loadDraft<T>(schema: z.ZodType<T>, key = CURRENT_DRAFT_KEY): Promise<T | null> {
  const db = await getDb()
  if (!db) return key === CURRENT_DRAFT_KEY ? parseDraft(schema, readMirroredDraft()) : null
  const record = await db.drafts.get(key)
  return parseDraft(schema, record?.value)
}

export async function saveDraft(value: unknown, key = CURRENT_DRAFT_KEY): Promise<void> {
  // blobs (photos) are kept by id in the blobs table; the draft itself must be plain JSON data
  const plain: unknown = JSON.parse(JSON.stringify(value ?? null))
  const db = await getDb()
  if (db) await db.drafts.put({ key, value: plain, updatedAt: new Date().toISOString() })
  if (key === CURRENT_DRAFT_KEY) writeMirroredDraft(plain)
}

export async function clearDraft(key = CURRENT_DRAFT_KEY): Promise<void> {
  const db = await getDb()
  if (db) await db.drafts.delete(key)
  if (key === CURRENT_DRAFT_KEY) writeMirroredDraft(null)
}

/** The draft, live: undefined while loading, null when there is none (or it no longer fits). */
export function useDraft<T>(schema: z.ZodType<T>, key = CURRENT_DRAFT_KEY): T | null | undefined {
  const { db, version } = useLocalDb()
  return useLiveQuery(async () => {
    if (db === undefined) return undefined
    if (db === null) return key === CURRENT_DRAFT_KEY ? parseDraft(schema, readMirroredDraft()) : null
    return parseDraft(schema, (await db.drafts.get(key))?.value)
  }, [db, version, key])
}
