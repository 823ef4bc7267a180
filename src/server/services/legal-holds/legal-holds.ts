import type { Readable } from 'node:stream'
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import { isAdId } from '#domain/api/ads-paths.ts'
import { LEGAL_HOLD_DAYS, type LegalHold } from '#domain/api/legal-holds.ts'
import type { Db } from '#server/db/client.ts'
import { legalHoldItems, legalHolds } from '#server/db/schema/legal-holds.ts'
import { ApiError } from '#server/errors.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { type ZipEntry, zipStream } from '#server/services/privacy/zip-stream.ts'
import { recordAudit } from '#server/services/reports/admin-audit.ts'
import { copyFiles, readSeal } from './seal.ts'

// Preserve, then report (docs/decisions/057-legal-holds.md): place a hold (a sealed copy), record the
// external report's reference, download the sealed copy as one zip, release it with a reason. Each
// step writes the admin audit log.

const DAY_MS = 86_400_000
type HoldRow = typeof legalHolds.$inferSelect

const iso = (date: Date | null) => date?.toISOString() ?? null

function view(row: HoldRow, items: number, files: number): LegalHold {
  return {
    id: row.id,
    adId: row.adId,
    adTitle: row.adTitle,
    accountId: row.accountId,
    accountEmail: row.accountEmail,
    reason: row.reason,
    externalReference: row.externalReference,
    placedBy: row.placedBy,
    placedAt: row.placedAt.toISOString(),
    keptUntil: row.keptUntil.toISOString(),
    releasedAt: iso(row.releasedAt),
    releasedBy: row.releasedBy,
    releaseReason: row.releaseReason,
    items,
    files,
  }
}

async function counted(db: Db, rows: readonly HoldRow[]): Promise<LegalHold[]> {
  const ids = rows.map((row) => row.id)
  const tallies =
    ids.length === 0
      ? []
      : await db
          .select({
            holdId: legalHoldItems.holdId,
            items: count(),
            files: sql<number>`count(${legalHoldItems.storageKey})::int`,
          })
          .from(legalHoldItems)
          .where(inArray(legalHoldItems.holdId, ids))
          .groupBy(legalHoldItems.holdId)
  const byId = new Map(tallies.map((t) => [t.holdId, t]))
  return rows.map((row) =>
    view(row, Number(byId.get(row.id)?.items ?? 0), Number(byId.get(row.id)?.files ?? 0)),
  )
}

async function one(db: Db, id: string): Promise<HoldRow> {
  const [row] = await db.select().from(legalHolds).where(eq(legalHolds.id, id))
  if (!row) throw new ApiError(404, 'legal_hold.not_found')
  return row
}

export interface PlaceHold {
  adId: string
  reason: string
  externalReference?: string | undefined
  /** an admin's username, or 'system' when confirming an underage report placed it */
  by: string
}

/**
 * Seals the ad and its account: the files are copied to the hold's own keys first (outside the
 * transaction: a failure leaves only copies no row names), then the rows and the audit row commit
 * together.
 */
export async function placeLegalHold(
  db: Db,
  store: MediaStore,
  input: PlaceHold,
  now = new Date(),
): Promise<LegalHold> {
  if (!isAdId(input.adId)) throw new ApiError(404, 'ad.not_found')
  const seal = await readSeal(db, input.adId)
  const files = await copyFiles(store, seal.files)
  const row = await db.transaction(async (tx) => {
    const [hold] = await tx
      .insert(legalHolds)
      .values({
        adId: seal.adId,
        adTitle: seal.adTitle,
        accountId: seal.accountId,
        accountEmail: seal.accountEmail,
        reason: input.reason,
        externalReference: input.externalReference ?? '',
        placedBy: input.by,
        placedAt: now,
        keptUntil: new Date(now.getTime() + LEGAL_HOLD_DAYS * DAY_MS),
      })
      .returning()
    if (!hold) throw new Error('legal hold was not written')
    await tx.insert(legalHoldItems).values([
      ...seal.documents.map((d) => ({
        holdId: hold.id,
        name: d.name,
        document: d.document,
        sealedAt: now,
      })),
      ...files.map((f) => ({
        holdId: hold.id,
        name: f.name,
        storageKey: f.key,
        bytes: f.bytes,
        sealedAt: now,
      })),
    ])
    await recordAudit(tx, {
      admin: input.by,
      action: 'legal_hold_placed',
      target: `legal_hold:${hold.id} ad:${seal.adId}`,
      reason: input.reason,
    })
    return hold
  })
  return view(row, seal.documents.length + files.length, files.length)
}

/** Whether an unreleased hold already seals this ad (confirming its report again seals nothing new). */
export async function heldForLaw(db: Db, adId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: legalHolds.id })
    .from(legalHolds)
    .where(and(eq(legalHolds.adId, adId), isNull(legalHolds.releasedAt)))
    .limit(1)
  return row !== undefined
}

/** Every hold, the ones still in force first, the latest placed first. */
export async function listLegalHolds(db: Db): Promise<LegalHold[]> {
  const rows = await db
    .select()
    .from(legalHolds)
    .orderBy(sql`${legalHolds.releasedAt} is not null`, desc(legalHolds.placedAt))
    .limit(500)
  return counted(db, rows)
}

export async function recordReference(
  db: Db,
  admin: string,
  id: string,
  reference: string,
): Promise<LegalHold> {
  const row = await db.transaction(async (tx) => {
    const hold = await one(tx, id)
    if (hold.releasedAt) throw new ApiError(409, 'legal_hold.released')
    const [updated] = await tx
      .update(legalHolds)
      .set({ externalReference: reference })
      .where(eq(legalHolds.id, id))
      .returning()
    await recordAudit(tx, {
      admin,
      action: 'legal_hold_reference',
      target: `legal_hold:${id}`,
      reason: reference,
    })
    return updated ?? hold
  })
  return (await counted(db, [row]))[0] as LegalHold
}

const README = `Maple After Dark: sealed record (legal hold)
=============================================

hold.json          the hold: the ad, the account, why, who placed it and when, the external reference
ad.json            the ad as it was when sealed, with its media rows
ad-versions.json   every kept version of the ad, and its history of statuses
account.json       the account: e-mail, identifiers used in its ads (phones, e-mails, handles)
sign-ins.json      the account's sessions: when each began, was last used and ended
reports.json       the reports of the ad and the owner's requests for review
payments.json      the account's wallet ledger and crypto invoices
media/             the ad's photos (largest size) and videos, as stored

Maple After Dark : dossier scellé (mise sous scellés)
====================================================

hold.json          la mise sous scellés : annonce, compte, motif, qui l'a faite et quand, la référence externe
ad.json            l'annonce telle qu'elle était, avec ses fichiers
ad-versions.json   chaque version gardée de l'annonce et l'historique de ses statuts
account.json       le compte : courriel, identifiants utilisés dans ses annonces (téléphones, courriels, pseudos)
sign-ins.json      les sessions du compte : début, dernière utilisation, fin
reports.json       les signalements de l'annonce et les demandes de révision
payments.json      le registre du portefeuille et les factures crypto du compte
media/             les photos (plus grande taille) et vidéos de l'annonce, telles que stockées
`

/** The sealed copy as one zip, streamed; the download is audited before the first byte goes out. */
export async function legalHoldArchive(
  db: Db,
  store: MediaStore,
  admin: string,
  id: string,
): Promise<Readable> {
  const hold = await one(db, id)
  if (hold.releasedAt) throw new ApiError(409, 'legal_hold.released')
  const items = await db
    .select()
    .from(legalHoldItems)
    .where(eq(legalHoldItems.holdId, id))
    .orderBy(asc(legalHoldItems.id))
  await recordAudit(db, { admin, action: 'legal_hold_downloaded', target: `legal_hold:${id}` })
  const folder = `legal-hold-${id}`
  const json = (name: string, value: unknown): ZipEntry => ({
    name: `${folder}/${name}`,
    bytes: Buffer.from(`${JSON.stringify(value, null, 2)}\n`),
  })
  const [described] = await counted(db, [hold])
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield { name: `${folder}/README.txt`, bytes: Buffer.from(README) }
    yield json('hold.json', described)
    for (const item of items) {
      const key = item.storageKey
      if (key === null) yield json(item.name, item.document)
      else yield { name: `${folder}/${item.name}`, stream: () => store.read(key) }
    }
  }
  return zipStream(entries())
}

/**
 * Releases a hold with a reason: its sealed copy goes (the documents, and the files no other hold
 * keeps); the hold's row stays, marked released, for the record.
 */
export async function releaseLegalHold(
  db: Db,
  store: MediaStore,
  admin: string,
  id: string,
  reason: string,
): Promise<LegalHold> {
  const { row, keys } = await db.transaction(async (tx) => {
    const [hold] = await tx.select().from(legalHolds).where(eq(legalHolds.id, id)).for('update')
    if (!hold) throw new ApiError(404, 'legal_hold.not_found')
    if (hold.releasedAt) throw new ApiError(409, 'legal_hold.released')
    const gone = await tx
      .delete(legalHoldItems)
      .where(eq(legalHoldItems.holdId, id))
      .returning({ key: legalHoldItems.storageKey })
    const [released] = await tx
      .update(legalHolds)
      .set({ releasedAt: new Date(), releasedBy: admin, releaseReason: reason })
      .where(eq(legalHolds.id, id))
      .returning()
    await recordAudit(tx, { admin, action: 'legal_hold_released', target: `legal_hold:${id}`, reason })
    return { row: released ?? hold, keys: gone.flatMap((g) => (g.key === null ? [] : [g.key])) }
  })
  // after the commit: a file another hold still keeps stays
  if (keys.length > 0) {
    const kept = await db
      .select({ key: legalHoldItems.storageKey })
      .from(legalHoldItems)
      .where(
        and(
          inArray(legalHoldItems.storageKey, keys),
          isNotNull(legalHoldItems.storageKey),
          ne(legalHoldItems.holdId, id),
        ),
      )
    const still = new Set(kept.map((k) => k.key))
    for (const key of new Set(keys)) if (!still.has(key)) await store.delete(key)
  }
  return view(row, 0, 0)
}
