import { asc, eq, inArray, or } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { adEvents, ads } from '#server/db/schema/ads.ts'
import { media } from '#server/db/schema/media.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { adAppeals, adReports, adSnapshots } from '#server/db/schema/reports.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import { walletTransactions } from '#server/db/schema/wallet.ts'
import { ApiError } from '#server/errors.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'

// What a legal hold seals (docs/decisions/057-legal-holds.md): read from the live tables once, when
// the hold is placed, and copied into its own rows and media keys.

export interface SealedDocument {
  name: string
  document: unknown
}
export interface SealedFile {
  name: string
  /** the live key read, and the hold's own copy written */
  from: string
  key: string
  bytes: number
}
export interface Seal {
  adId: string
  adTitle: string
  accountId: string | null
  accountEmail: string | null
  documents: SealedDocument[]
  files: SealedFile[]
}

/** The hold's own key for a live file: no media row ever names it, so no deletion of live media reaches it. */
export const legalKeyFor = (key: string) => `legal-${key.replace(/^private-/, '')}`

const extensionOf = (key: string) => key.slice(key.lastIndexOf('.') + 1)

/** Reads every row the hold keeps; the files are copied by copyFiles, before the rows are written. */
export async function readSeal(db: Db, adId: string): Promise<Seal> {
  const [ad] = await db.select().from(ads).where(eq(ads.id, adId))
  if (!ad) throw new ApiError(404, 'ad.not_found')
  const ownerId = ad.ownerId
  const [account] = ownerId ? await db.select().from(users).where(eq(users.id, ownerId)) : []
  const [versions, history, reports, appeals] = await Promise.all([
    db.select().from(adSnapshots).where(eq(adSnapshots.adId, adId)).orderBy(asc(adSnapshots.at)),
    db.select().from(adEvents).where(eq(adEvents.adId, adId)).orderBy(asc(adEvents.at)),
    db.select().from(adReports).where(eq(adReports.adId, adId)).orderBy(asc(adReports.at)),
    db.select().from(adAppeals).where(eq(adAppeals.adId, adId)),
  ])
  const ownAds = ownerId ? await db.select().from(ads).where(eq(ads.ownerId, ownerId)) : [ad]
  const [signIns, ledger, charges] = ownerId
    ? await Promise.all([
        // sign-in history: when each session began, was last used, ended; never its token's hash
        db
          .select({
            id: sessions.id,
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
          })
          .from(sessions)
          .where(eq(sessions.userId, ownerId))
          .orderBy(asc(sessions.createdAt)),
        db
          .select()
          .from(walletTransactions)
          .where(eq(walletTransactions.userId, ownerId))
          .orderBy(asc(walletTransactions.createdAt)),
        db
          .select()
          .from(cryptoCharges)
          .where(or(eq(cryptoCharges.userId, ownerId), eq(cryptoCharges.listingId, adId)))
          .orderBy(asc(cryptoCharges.createdAt)),
      ])
    : [[], [], await db.select().from(cryptoCharges).where(eq(cryptoCharges.listingId, adId))]
  // every file any version of the ad named: the largest stored size of a photo, a video's one file
  const mediaIds = [
    ...new Set(
      [ad, ...versions.map((v) => ({ images: v.mediaIds, videos: [] }))].flatMap((v) => [
        ...v.images,
        ...v.videos,
      ]),
    ),
  ].filter((id) => !id.startsWith('/'))
  const rows = mediaIds.length === 0 ? [] : await db.select().from(media).where(inArray(media.id, mediaIds))
  const files = rows.flatMap((row) => {
    const from = row.storageKeys.at(-1)
    if (from === undefined) return []
    return [{ name: `media/${row.id}.${extensionOf(from)}`, from, key: legalKeyFor(from), bytes: 0 }]
  })
  const contacts = (field: 'contactPhone' | 'contactEmail' | 'contactHandle') => [
    ...new Set(ownAds.map((a) => a[field]).filter((value) => value !== '')),
  ]
  const { passwordHash: _secret, ...accountRow } = account ?? { passwordHash: '' }
  return {
    adId,
    adTitle: ad.title,
    accountId: ownerId,
    accountEmail: account?.email ?? null,
    documents: [
      { name: 'ad.json', document: { ad, media: rows } },
      { name: 'ad-versions.json', document: { versions, history } },
      {
        name: 'account.json',
        document: {
          account: account ? accountRow : null,
          identifiers: {
            email: account?.email ?? null,
            phones: contacts('contactPhone'),
            emails: contacts('contactEmail'),
            handles: contacts('contactHandle'),
            platforms: [...new Set(ownAds.map((a) => a.contactPlatform).filter((v): v is string => !!v))],
          },
          ads: ownAds.map((a) => ({ id: a.id, title: a.title, status: a.status, createdAt: a.createdAt })),
        },
      },
      { name: 'sign-ins.json', document: { sessions: signIns } },
      { name: 'reports.json', document: { reports, appeals } },
      { name: 'payments.json', document: { walletTransactions: ledger, cryptoCharges: charges } },
    ],
    files,
  }
}

/** Copies each live file to the hold's own key (a key already there is the same bytes); a lost file is left out. */
export async function copyFiles(store: MediaStore, files: readonly SealedFile[]): Promise<SealedFile[]> {
  const copied: SealedFile[] = []
  for (const file of files) {
    const source = await store.read(file.from)
    if (source === null) continue
    const chunks: Buffer[] = []
    for await (const chunk of source) chunks.push(chunk as Buffer)
    const body = Buffer.concat(chunks)
    await store.put(
      file.key,
      body,
      file.key.endsWith('.webp') ? 'image/webp' : `video/${extensionOf(file.key)}`,
    )
    copied.push({ ...file, bytes: body.length })
  }
  return copied
}
