import type { z } from 'zod'
import { CURRENT_DRAFT_KEY, getDb } from './database.ts'
import { readMirroredDraft, writeMirroredDraft } from './local-storage.ts'

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

// The mirror is written first, before anything is awaited: a page being left (the form's last
// autosave runs at pagehide) may never see IndexedDB's write complete, and the next start keeps
// whichever copy is newer (syncWithMirror in database.ts), so the last keystrokes are not lost.

export async function saveDraft(value: unknown, key = CURRENT_DRAFT_KEY): Promise<void> {
  // blobs (photos) are kept by id in the blobs table; the draft itself must be plain JSON data
  const plain: unknown = JSON.parse(JSON.stringify(value ?? null))
  const updatedAt = new Date().toISOString()
  if (key === CURRENT_DRAFT_KEY) writeMirroredDraft(plain, updatedAt)
  const db = await getDb()
  if (db) await db.drafts.put({ key, value: plain, updatedAt })
}

export async function clearDraft(key = CURRENT_DRAFT_KEY): Promise<void> {
  if (key === CURRENT_DRAFT_KEY) writeMirroredDraft(null)
  const db = await getDb()
  if (db) await db.drafts.delete(key)
}
