import type { Readable } from 'node:stream'
import { asc, eq, inArray } from 'drizzle-orm'
import { effectiveStatus } from '#domain/ad-status.ts'
import { centsToDollars } from '#domain/money.ts'
import type { Db } from '#server/db/client.ts'
import { adEvents, ads } from '#server/db/schema/ads.ts'
import { pushSubscriptions } from '#server/db/schema/alerts.ts'
import { favourites } from '#server/db/schema/favourites.ts'
import { media } from '#server/db/schema/media.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { adAppeals, adReports } from '#server/db/schema/reports.ts'
import { savedSearches } from '#server/db/schema/saved-searches.ts'
import { adTours } from '#server/db/schema/tours.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { schedulesOfUser } from '#server/services/bump-schedules/bump-schedules.ts'
import type { MediaStore } from '#server/services/media/media-store.ts'
import { accountReporter } from '#server/services/reports/reporter-history.ts'
import { type ZipEntry, zipStream } from './zip-stream.ts'

// "Download my data" (docs/decisions/034-privacy-and-retention.md): everything the server keeps
// about a signed-in user, as one zip. JSON files for the rows, the files of their photos (the
// largest stored size) and videos as stored. Nothing here is another person's data: the reports of
// the user's ads and who made them are not theirs to read.

const FOLDER = 'maple-after-dark-data'

const README = `Maple After Dark: your data
============================

account.json   your account: email, language, when it was created and verified
ads.json       every ad you created, in every status, with its contact details, its history,
               your requests for review and its visits (touring); media/ holds its photos and
               videos (a photo an admin refused has no file left: refusedPhotos says which and why)
wallet.json    your wallet balance and its whole ledger (top-ups, fees, credits)
payments.json  your crypto charges (amount, type, status, dates)
reports.json   the ads you reported, why, and what an admin decided
favourites.json  the ads you keep in your favourites, and since when
saved-searches.json  the searches you saved, their alert settings, and when you last opened each
bump-schedules.json  the bumps you scheduled on your ads, and the moments still to run
push-subscriptions.json  the devices you allowed to show alert notifications

Maple After Dark : vos données
==============================

account.json   votre compte : courriel, langue, date de création et de vérification
ads.json       chacune de vos annonces, quel que soit son statut, avec ses coordonnées, son
               historique, vos demandes de révision et ses visites (tournée); media/ contient
               ses photos et vidéos (une photo refusée par l'administration n'a plus de fichier :
               refusedPhotos dit laquelle et pourquoi)
wallet.json    le solde de votre portefeuille et tout son registre (recharges, frais, crédits)
payments.json  vos paiements en cryptomonnaie (montant, type, statut, dates)
reports.json   les annonces que vous avez signalées, pourquoi, et la décision de l'administration
favourites.json  les annonces que vous gardez en favori, et depuis quand
saved-searches.json  les recherches que vous avez enregistrées, leurs alertes, et quand vous
               avez ouvert chacune pour la dernière fois
bump-schedules.json  les remontées programmées de vos annonces, et les moments encore à venir
push-subscriptions.json  les appareils où vous avez permis les notifications d’alertes
`

const iso = (date: Date | null) => date?.toISOString() ?? null

function jsonEntry(name: string, value: unknown): ZipEntry {
  return { name: `${FOLDER}/${name}`, bytes: Buffer.from(`${JSON.stringify(value, null, 2)}\n`) }
}

/** The extension of a content-addressed key (`<sha256>.<ext>`, media-keys.ts). */
function extensionOf(key: string): string {
  const dot = key.lastIndexOf('.')
  return dot < 0 ? 'bin' : key.slice(dot + 1)
}

interface MediaFile {
  name: string
  key: string
}

/** Reads every row of the user's data; the files are read later, while the archive streams. */
async function collect(db: Db, userId: string): Promise<{ documents: ZipEntry[]; files: MediaFile[] }> {
  const now = new Date()
  const [account] = await db.select().from(users).where(eq(users.id, userId))
  const own = await db.select().from(ads).where(eq(ads.ownerId, userId)).orderBy(asc(ads.createdAt))
  const adIds = own.map((ad) => ad.id)
  const [events, appeals, uploads, ledger, balance, charges, reports, visits] = await Promise.all([
    adIds.length === 0
      ? []
      : db.select().from(adEvents).where(inArray(adEvents.adId, adIds)).orderBy(asc(adEvents.at)),
    adIds.length === 0 ? [] : db.select().from(adAppeals).where(inArray(adAppeals.adId, adIds)),
    db.select().from(media).where(eq(media.ownerId, userId)).orderBy(asc(media.createdAt)),
    db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.userId, userId))
      .orderBy(asc(walletTransactions.createdAt)),
    db.select().from(wallets).where(eq(wallets.userId, userId)),
    db
      .select()
      .from(cryptoCharges)
      .where(eq(cryptoCharges.userId, userId))
      .orderBy(asc(cryptoCharges.createdAt)),
    db
      .select()
      .from(adReports)
      .where(eq(adReports.reporter, accountReporter(userId)))
      .orderBy(asc(adReports.at)),
    // the visits the owner planned (docs/decisions/060-touring.md), past ones included while kept
    adIds.length === 0
      ? []
      : db.select().from(adTours).where(inArray(adTours.adId, adIds)).orderBy(asc(adTours.startsAt)),
  ])
  // the ads the user keeps (docs/decisions/046-favourites.md): ids and dates, the ads are others'
  const keptAds = await db
    .select()
    .from(favourites)
    .where(eq(favourites.userId, userId))
    .orderBy(asc(favourites.savedAt))
  // the searches the user saved (docs/decisions/052-saved-searches.md)
  const searches = await db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(asc(savedSearches.createdAt))
  // the devices that allowed notifications (docs/decisions/054-alerts.md)
  const devices = await db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(asc(pushSubscriptions.createdAt))
  // the bumps scheduled on the user's ads (docs/decisions/050-scheduled-bumps.md)
  const schedules = await schedulesOfUser(db, userId)
  // photos: the largest stored size (the last of PHOTO_WIDTHS); videos: the one file
  const fileOf = (row: (typeof uploads)[number]) => {
    const key = row.storageKeys.at(-1) ?? ''
    return { path: `media/${row.id}.${extensionOf(key)}`, key }
  }
  // a refused photo has no file left (docs/decisions/032-photo-review.md): the archive names it,
  // with the admin's reason, and points to no file, so ads.json and media/ agree
  const refused = new Map(uploads.filter((row) => row.review === 'refused').map((row) => [row.id, row]))
  const kept = uploads.filter((row) => row.review !== 'refused')
  const pathOf = new Map(kept.map((row) => [row.id, fileOf(row).path]))
  const files: MediaFile[] = kept.map((row) => {
    const { path, key } = fileOf(row)
    return { name: `${FOLDER}/${path}`, key }
  })
  const documents = [
    { name: `${FOLDER}/README.txt`, bytes: Buffer.from(README) },
    jsonEntry('account.json', {
      id: account?.id,
      email: account?.email,
      language: account?.language,
      createdAt: iso(account?.createdAt ?? null),
      emailVerifiedAt: iso(account?.emailVerifiedAt ?? null),
      exportedAt: now.toISOString(),
    }),
    jsonEntry('ads.json', {
      ads: own.map((ad) => ({
        id: ad.id,
        status: effectiveStatus(ad, now),
        title: ad.title,
        category: ad.category,
        escortType: ad.escortType,
        province: ad.province,
        city: ad.city,
        price: centsToDollars(ad.priceCents),
        priceUnit: ad.priceUnit,
        description: ad.description,
        contact: {
          phone: ad.contactPhone,
          email: ad.contactEmail,
          website: ad.contactWebsite,
          handle: ad.contactHandle,
          platform: ad.contactPlatform,
        },
        photos: ad.images.flatMap((id) => {
          const path = pathOf.get(id)
          return path === undefined ? [] : [path]
        }),
        refusedPhotos: ad.images.flatMap((id) => {
          const row = refused.get(id)
          return row === undefined ? [] : [{ id, reason: row.reviewReason, refusedAt: iso(row.reviewedAt) }]
        }),
        videos: ad.videos,
        createdAt: iso(ad.createdAt),
        publishedAt: iso(ad.publishedAt),
        bumpedAt: iso(ad.bumpedAt),
        expiresAt: iso(ad.expiresAt),
        removalReason: ad.removalReason,
        holdCategory: ad.holdCategory,
        history: events
          .filter((e) => e.adId === ad.id)
          .map((e) => ({ kind: e.kind, from: e.fromStatus, to: e.toStatus, at: iso(e.at) })),
        reviewRequests: appeals.filter((a) => a.adId === ad.id).map((a) => ({ note: a.note, at: iso(a.at) })),
        tours: visits
          .filter((v) => v.adId === ad.id)
          .map((v) => ({ province: v.province, city: v.city, from: v.fromDate, to: v.toDate })),
      })),
      uploads: uploads.map((row) => ({
        id: row.id,
        kind: row.kind,
        contentType: row.contentType,
        bytes: row.bytes,
        ad: row.adId,
        review: row.review,
        refusalReason: row.review === 'refused' ? row.reviewReason : null,
        file: pathOf.get(row.id) ?? null,
        uploadedAt: iso(row.createdAt),
      })),
    }),
    jsonEntry('wallet.json', {
      balance_cad: centsToDollars(balance[0]?.balanceCents ?? 0),
      transactions: ledger.map((row) => ({
        id: row.id,
        type: row.type,
        method: row.method,
        amount_cad: centsToDollars(row.amountCents),
        status: row.status,
        charge_id: row.chargeId,
        listing_id: row.listingId,
        note: row.note,
        created_at: iso(row.createdAt),
      })),
    }),
    jsonEntry('payments.json', {
      charges: charges.map((row) => ({
        id: row.id,
        provider: row.provider,
        type: row.chargeType,
        amount_cad: centsToDollars(row.amountCents),
        description: row.description,
        listing_id: row.listingId,
        status: row.status,
        fulfilled_at: iso(row.fulfilledAt),
        created_at: iso(row.createdAt),
      })),
    }),
    jsonEntry('reports.json', {
      reports: reports.map((r) => ({
        ad: r.adId,
        reason: r.reason,
        details: r.details,
        at: iso(r.at),
        outcome: r.outcome ?? (r.resolvedAt ? 'resolved' : 'open'),
      })),
    }),
    jsonEntry('favourites.json', {
      favourites: keptAds.map((f) => ({ ad: f.adId, saved_at: iso(f.savedAt) })),
    }),
    jsonEntry('saved-searches.json', {
      searches: searches.map((s) => ({
        province: s.province,
        category: s.category,
        city: s.city,
        words: s.q,
        companion_type: s.escortType,
        verified_only: s.verified,
        alert: s.alert,
        frequency: s.frequency,
        saved_at: iso(s.createdAt),
        last_opened_at: iso(s.lastOpenedAt),
      })),
    }),
    jsonEntry('bump-schedules.json', {
      schedules: schedules.map((s) => ({
        ad: s.adId,
        time_zone: s.timeZone,
        times: s.times,
        days: s.days,
        next: s.next,
        created_at: iso(s.createdAt),
      })),
    }),
    jsonEntry('push-subscriptions.json', {
      devices: devices.map((d) => ({ endpoint: d.endpoint, since: iso(d.createdAt) })),
    }),
  ]
  return { documents, files }
}

/** The user's archive as a stream; the rows are read before the first byte goes out. */
export async function exportArchive(db: Db, store: MediaStore, userId: string): Promise<Readable> {
  const { documents, files } = await collect(db, userId)
  async function* entries(): AsyncGenerator<ZipEntry> {
    yield* documents
    for (const file of files) yield { name: file.name, stream: () => store.read(file.key) }
  }
  return zipStream(entries())
}
