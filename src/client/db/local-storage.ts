// The localStorage side of the store (see database.ts for what lives where): the draft key, the
// pending orders where IndexedDB is missing, and the change signal the live hooks need there. Every
// read survives disabled storage, bad JSON and wrong shapes by reading as empty; every write survives a
// full quota by doing nothing (IndexedDB still has the data).
import { STORAGE_KEYS } from '#domain/constants.ts'

/** Not a spec key: only used when IndexedDB is unavailable, so offline orders survive a reload. */
export const PENDING_PAYMENTS_FALLBACK_KEY = 'pending_payments'

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    return null
  }
}

export function readJson(key: string): unknown {
  try {
    const raw = storage()?.getItem(key)
    return raw ? (JSON.parse(raw) as unknown) : null
  } catch {
    return null
  }
}

/** Writes a JSON value; null removes the key, so an empty store leaves no trace. */
export function writeJson(key: string, value: unknown): void {
  try {
    const s = storage()
    if (!s) return
    if (value === null || value === undefined) s.removeItem(key)
    else s.setItem(key, JSON.stringify(value))
  } catch {
    // quota exceeded or storage disabled
  }
  notifyLocalChange()
}

/** The stored draft as a plain object, or null; its fields are checked by the form that owns it. */
export function readMirroredDraft(): Record<string, unknown> | null {
  const value = readJson(STORAGE_KEYS.draft)
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null
}

/**
 * Writes the mirror and when (`savedAt`, ISO). A cleared draft keeps its time: the start that finds an
 * older draft in IndexedDB then knows it was cleared since (database.ts).
 */
export function writeMirroredDraft(value: unknown, savedAt: string = new Date().toISOString()): void {
  writeJson(STORAGE_KEYS.draft, value ?? null)
  writeJson(STORAGE_KEYS.draftSavedAt, savedAt)
}

/** When the mirror was last written, or null when it never was (or before it kept the time). */
export function mirroredDraftSavedAt(): string | null {
  const value = readJson(STORAGE_KEYS.draftSavedAt)
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN
  // as IndexedDB's updatedAt is written, so the two compare as strings
  return Number.isNaN(time) ? null : new Date(time).toISOString()
}

// Live queries cannot see localStorage: in fallback mode hooks re-read when this version changes,
// after our own writes and after another tab's (the storage event).
let version = 0
const listeners = new Set<() => void>()

export function notifyLocalChange(): void {
  version++
  for (const listener of listeners) listener()
}

export function localVersion(): number {
  return version
}

export function subscribeLocalChanges(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (
      event.key === null ||
      event.key === STORAGE_KEYS.draft ||
      event.key === PENDING_PAYMENTS_FALLBACK_KEY
    ) {
      notifyLocalChange()
    }
  })
}
