// Orders made while offline (issue 5): kept until the connection returns, then paid exactly once.
// Two guards against paying twice: claim() moves an order from pending to processing atomically (an
// IndexedDB transaction), so repeated 'online' events or two tabs cannot both start it; and every
// attempt sends the order's idempotency key, so even a retried request is charged once by the server.
import { useLiveQuery } from 'dexie-react-hooks'
import { z } from 'zod'
import { getDb, type MapleDb, type PendingPayment, type PendingPaymentType } from './database.ts'
import { PENDING_PAYMENTS_FALLBACK_KEY, readJson, writeJson } from './local-storage.ts'
import { notePendingPayments } from './pending-payments-flag.ts'
import { useLocalDb } from './use-local-db.ts'

export type { PendingPayment, PendingPaymentType } from './database.ts'

/** A processing order whose tab went away is retried after this long (the key keeps it single). */
export const STALE_CLAIM_MS = 60_000

const PendingPaymentSchema = z.object({
  id: z.string().min(1),
  type: z.enum(['post', 'bump']),
  adId: z.string().optional(),
  draft: z.unknown().optional(),
  idempotencyKey: z.string().min(1),
  createdAt: z.string(),
  status: z.enum(['pending', 'processing', 'done', 'failed']),
  claimedAt: z.string().optional(),
  error: z.string().optional(),
})

function parseList(value: unknown): PendingPayment[] {
  if (!Array.isArray(value)) return []
  return value.flatMap((item) => {
    const parsed = PendingPaymentSchema.safeParse(item)
    return parsed.success ? [parsed.data as PendingPayment] : []
  })
}

function readFallback(): PendingPayment[] {
  return parseList(readJson(PENDING_PAYMENTS_FALLBACK_KEY))
}

function writeFallback(list: PendingPayment[]): void {
  writeJson(PENDING_PAYMENTS_FALLBACK_KEY, list.length ? list : null)
}

function newId(): string {
  return crypto.randomUUID()
}

export interface NewPendingPayment {
  type: PendingPaymentType
  adId?: string
  draft?: unknown
}

export async function addPendingPayment(input: NewPendingPayment, now = new Date()): Promise<PendingPayment> {
  const payment: PendingPayment = {
    id: newId(),
    type: input.type,
    ...(input.adId ? { adId: input.adId } : {}),
    ...(input.draft !== undefined ? { draft: JSON.parse(JSON.stringify(input.draft)) as unknown } : {}),
    idempotencyKey: newId(),
    createdAt: now.toISOString(),
    status: 'pending',
  }
  const db = await getDb()
  if (db) await db.pendingPayments.add(payment)
  else writeFallback([...readFallback(), payment])
  notePendingPayments(true)
  return payment
}

/** Orders still to pay (pending or processing), oldest first. */
export async function listPendingPayments(): Promise<PendingPayment[]> {
  const db = await getDb()
  const all = db ? parseList(await db.pendingPayments.orderBy('createdAt').toArray()) : readFallback()
  return all.filter((p) => p.status === 'pending' || p.status === 'processing')
}

function claimable(p: PendingPayment, now: Date): boolean {
  if (p.status === 'pending') return true
  if (p.status !== 'processing' || !p.claimedAt) return false
  return now.getTime() - Date.parse(p.claimedAt) >= STALE_CLAIM_MS
}

async function change(
  id: string,
  update: (p: PendingPayment) => PendingPayment | null,
): Promise<PendingPayment | null> {
  const db = await getDb()
  if (!db) {
    const list = readFallback()
    const current = list.find((p) => p.id === id)
    const next = current ? update(current) : null
    if (next) writeFallback(list.map((p) => (p.id === id ? next : p)))
    return next
  }
  return db.transaction('rw', db.pendingPayments, async () => {
    const current = await db.pendingPayments.get(id)
    const next = current ? update(current) : null
    if (next) await db.pendingPayments.put(next)
    return next
  })
}

/**
 * Takes an order for paying now. Returns it when this caller won it, or null when it is already being
 * paid, done or gone: only the winner may call the API.
 */
export async function claimPendingPayment(id: string, now = new Date()): Promise<PendingPayment | null> {
  return change(id, (p) =>
    claimable(p, now) ? { ...p, status: 'processing', claimedAt: now.toISOString() } : null,
  )
}

/** The attempt could not finish (still offline, server down): the order waits for the next one. */
export async function releasePendingPayment(id: string, error?: string): Promise<void> {
  await change(id, (p) => {
    const { claimedAt: _claimedAt, ...rest } = p
    return { ...rest, status: 'pending', ...(error ? { error } : {}) }
  })
}

/** The server refused the order for good (e.g. insufficient balance): kept for the user to see. */
export async function failPendingPayment(id: string, error: string): Promise<void> {
  await change(id, (p) => ({ ...p, status: 'failed', error }))
}

/** Paid: the order is removed. */
export async function completePendingPayment(id: string): Promise<void> {
  await removePendingPayment(id)
}

export async function removePendingPayment(id: string): Promise<void> {
  const db = await getDb()
  if (db) await db.pendingPayments.delete(id)
  else writeFallback(readFallback().filter((p) => p.id !== id))
}

async function allFromDb(db: MapleDb): Promise<PendingPayment[]> {
  return parseList(await db.pendingPayments.orderBy('createdAt').toArray())
}

/** Every stored order (including failed ones), live, oldest first; undefined while loading. */
export function usePendingPayments(): PendingPayment[] | undefined {
  const { db, version } = useLocalDb()
  return useLiveQuery(async () => {
    if (db === undefined) return undefined
    return db === null ? readFallback() : allFromDb(db)
  }, [db, version])
}
