import { and, desc, eq } from 'drizzle-orm'
import { type AdStatus, canApply, effectiveStatus } from '#domain/ad-status.ts'
import type { AdPatch, AdWrite } from '#domain/api/ads.ts'
import { isAdId } from '#domain/api/ads-paths.ts'
import { SERVICES_CATEGORY } from '#domain/categories.ts'
import type { Language } from '#domain/languages.ts'
import { centsToDollars, dollarsToCents } from '#domain/money.ts'
import type { Db } from '#server/db/client.ts'
import { type AdRow, ads } from '#server/db/schema/ads.ts'
import { users } from '#server/db/schema/users.ts'
import { ApiError } from '#server/errors.ts'
import { stopSchedulesOf } from '#server/services/bump-schedules/bump-kind.ts'
import { attachAdMedia, checkAdMedia } from '#server/services/media/ad-media.ts'
import type { MediaLibrary } from '#server/services/media/media-library.ts'
import type { BannedPhraseService } from '#server/services/moderation/banned-phrases.ts'
import { holdIfCopy } from '#server/services/reports/copy-holds.ts'
import { recordAdEvent } from './ad-events.ts'
import { newAdId } from './ad-views.ts'
import { isCompanionCategory, ownerVerifiedNow, recordCompanionConfirmation } from './companion-rules.ts'

type Fields = AdWrite

/** The columns an ad's fields are stored in; escortType only means something for adult services. */
function toColumns(fields: Fields) {
  return {
    title: fields.title,
    category: fields.category,
    escortType: fields.category === SERVICES_CATEGORY ? (fields.escortType ?? null) : null,
    province: fields.province,
    city: fields.city,
    priceCents: dollarsToCents(fields.price),
    priceUnit: fields.priceUnit,
    description: fields.description,
    images: fields.images,
    videos: fields.videos,
    contactPhone: fields.contact.phone,
    contactEmail: fields.contact.email,
    contactWebsite: fields.contact.website,
    contactHandle: fields.contact.handle,
    contactPlatform: fields.contactPlatform ?? null,
  }
}

function toFields(row: AdRow): Fields {
  return {
    title: row.title,
    category: row.category as Fields['category'],
    escortType: (row.escortType as Fields['escortType']) ?? null,
    province: row.province as Fields['province'],
    city: row.city,
    price: centsToDollars(row.priceCents),
    priceUnit: row.priceUnit as Fields['priceUnit'],
    description: row.description,
    images: row.images,
    videos: row.videos,
    contact: {
      phone: row.contactPhone,
      email: row.contactEmail,
      website: row.contactWebsite,
      handle: row.contactHandle,
    },
    contactPlatform: (row.contactPlatform as Fields['contactPlatform']) ?? null,
  }
}

/**
 * Creating, editing and removing ads; reading one for its owner or the public. Publishing, renewing
 * and bumping happen only through a paid fee (ad-payments.ts).
 */
export class AdsService {
  constructor(
    private readonly db: Db,
    private readonly phrases: BannedPhraseService,
    private readonly lifetimeDays: number,
    private readonly media: MediaLibrary,
  ) {}

  /**
   * The same matcher as POST /moderation/check, over every text a visitor reads: the city, the phone,
   * the website and the e-mail show on the ad or its Reveal as much as the title does.
   */
  private async moderate(fields: Pick<Fields, 'title' | 'description' | 'city' | 'contact'>): Promise<void> {
    const matcher = await this.phrases.matcher()
    const found = visibleTexts(fields).flatMap((t) => matcher.match(t))
    if (found.length > 0)
      throw new ApiError(422, 'ad.banned_words', { words: [...new Set(found)].join(', ') })
  }

  /**
   * An Adult Companions ad needs a verified advertiser and their confirmation that the ad is their own
   * (docs/decisions/049-open-in-canada.md); checked before anything is written, and the verification
   * again in the write's transaction.
   */
  private companionRefusal(fields: Pick<Fields, 'category' | 'ownServicesConfirmed'>, verified: boolean) {
    if (!isCompanionCategory(fields.category)) return
    if (!verified) throw new ApiError(403, 'ad.companion_needs_verification')
    if (fields.ownServicesConfirmed !== true) throw new ApiError(422, 'ad.companion_confirmation_required')
  }

  async create(ownerId: string, fields: AdWrite, language: Language = 'en'): Promise<AdRow> {
    const [owner] = await this.db
      .select({ emailVerifiedAt: users.emailVerifiedAt, verifiedAt: users.verifiedAt })
      .from(users)
      .where(eq(users.id, ownerId))
    if (!owner?.emailVerifiedAt) throw new ApiError(403, 'ad.verify_email_first')
    this.companionRefusal(fields, owner.verifiedAt !== null)
    await this.moderate(fields)
    await checkAdMedia(this.db, ownerId, fields, null)
    return this.db.transaction(async (tx) => {
      // the owner's verification as it stands now, locked until this ad is written: an admin's
      // decision updates the user row first, so it waits for this ad and then sets its flag too
      // (docs/decisions/031-verified-advertisers.md)
      const verified = await ownerVerifiedNow(tx, ownerId)
      this.companionRefusal(fields, verified)
      const [row] = await tx
        .insert(ads)
        .values({ id: newAdId(), ownerId, lifetimeDays: this.lifetimeDays, verified, ...toColumns(fields) })
        .returning()
      if (!row) throw new Error('Ad was not written')
      await attachAdMedia(tx, ownerId, row.id, [...fields.images, ...fields.videos])
      if (isCompanionCategory(row.category))
        await recordCompanionConfirmation(tx, row, ownerId, language, new Date())
      await recordAdEvent(tx, { adId: row.id, kind: 'created', actor: ownerId, to: row.status })
      return row
    })
  }

  /** The owner's ad, or 404 for a missing id and for anyone else's ad alike. */
  async ownAd(ownerId: string, id: string, db: Db = this.db): Promise<AdRow> {
    if (!isAdId(id)) throw new ApiError(404, 'ad.not_found')
    const [row] = await db
      .select()
      .from(ads)
      .where(and(eq(ads.id, id), eq(ads.ownerId, ownerId)))
    if (!row) throw new ApiError(404, 'ad.not_found')
    return row
  }

  /** Edits the fields sent; rank, expiry and status stay as they are. Re-moderated like a new ad. */
  async update(ownerId: string, id: string, patch: AdPatch, language: Language = 'en'): Promise<AdRow> {
    const current = await this.ownAd(ownerId, id)
    // before anything else: a held ad stays as it was reported (docs/decisions/042-holds-that-hold.md)
    if (effectiveStatus(current, new Date()) === 'held') throw new ApiError(409, 'ad.held_uneditable')
    // the confirmation covers one version: each edit of a companion ad asks for it again (049)
    const merged: Fields = { ...toFields(current), ...stripUndefined(patch) }
    const companion = isCompanionCategory(merged.category)
    if (companion) this.companionRefusal(merged, await ownerVerifiedNow(this.db, ownerId))
    await this.moderate(merged)
    const mediaChanged = patch.images !== undefined || patch.videos !== undefined
    if (mediaChanged) await checkAdMedia(this.db, ownerId, patch, current.id)
    return this.db.transaction(async (tx) => {
      // the user row before the ad's, in a verification decision's order (companion-rules.ts)
      if (companion) this.companionRefusal(merged, await ownerVerifiedNow(tx, ownerId))
      const row = await this.ownAd(ownerId, id, tx)
      const status = effectiveStatus(row, new Date())
      if (status === 'held') throw new ApiError(409, 'ad.held_uneditable')
      if (!canApply('edit', status)) throw new ApiError(409, 'ad.removed_unchangeable')
      const [updated] = await tx
        .update(ads)
        .set({ ...toColumns(merged), updatedAt: new Date() })
        .where(eq(ads.id, row.id))
        .returning()
      if (!updated) throw new ApiError(404, 'ad.not_found')
      if (mediaChanged) await attachAdMedia(tx, ownerId, row.id, [...merged.images, ...merged.videos])
      if (companion) await recordCompanionConfirmation(tx, updated, ownerId, language, new Date())
      await recordAdEvent(tx, {
        adId: row.id,
        kind: 'edited',
        actor: ownerId,
        from: status,
        to: status,
        detail: Object.keys(stripUndefined(patch)).join(', '),
      })
      // a listed ad edited into a copy of a held or removed one is held as the copy a new post would be
      return (await holdIfCopy(tx, updated)) ?? updated
    })
  }

  /**
   * A soft remove: the row stays (status removed) for the audit trail, the owner's history and the
   * payments that reference it; it leaves every public answer at once, and its photos and videos
   * are deleted (docs/decisions/011-media-storage.md). Removing twice is harmless. A held ad is the
   * exception: its record and media stay for the review (its open reports keep it in the queue, its
   * media stay private), and a copy of it posted again is held (docs/decisions/042-holds-that-hold.md).
   */
  async remove(ownerId: string, id: string): Promise<void> {
    const from = await this.removeRow(ownerId, id)
    if (from !== 'held') await this.media.deleteForAd(id)
  }

  /** The status the ad was removed from, or null when there was nothing to remove. */
  private async removeRow(ownerId: string, id: string): Promise<AdStatus | null> {
    return this.db.transaction(async (tx) => {
      const row = await this.ownAd(ownerId, id, tx)
      const from = effectiveStatus(row, new Date())
      if (!canApply('remove', from)) return null
      // a held ad keeps held_at: removed while held, it stays a flagged ad (ad-snapshots.ts)
      const removed = await tx
        .update(ads)
        .set({ status: 'removed' })
        .where(and(eq(ads.id, row.id), eq(ads.status, row.status)))
        .returning({ id: ads.id })
      if (removed.length === 0) return null
      // its scheduled bumps stop with it, nothing charged (docs/decisions/050-scheduled-bumps.md)
      await stopSchedulesOf(tx, [row.id])
      await recordAdEvent(tx, {
        adId: row.id,
        kind: 'removed',
        actor: ownerId,
        from,
        to: 'removed',
        detail: 'by owner',
      })
      return from
    })
  }

  async listMine(ownerId: string): Promise<AdRow[]> {
    return this.db
      .select()
      .from(ads)
      .where(eq(ads.ownerId, ownerId))
      .orderBy(desc(ads.createdAt), desc(ads.id))
  }

  /** A live ad for anyone; any of the owner's own ads for its owner; otherwise 404. */
  async visibleAd(id: string, viewerId: string | null): Promise<AdRow> {
    if (!isAdId(id)) throw new ApiError(404, 'ad.not_found')
    const [row] = await this.db.select().from(ads).where(eq(ads.id, id))
    if (!row) throw new ApiError(404, 'ad.not_found')
    if (viewerId !== null && row.ownerId === viewerId) return row
    if (effectiveStatus(row, new Date()) !== 'live') throw new ApiError(404, 'ad.not_found')
    return row
  }
}

/** Every text a visitor reads on an ad or its Reveal. */
function visibleTexts(fields: Pick<Fields, 'title' | 'description' | 'city' | 'contact'>): string[] {
  const { phone, email, website, handle } = fields.contact
  return [fields.title, fields.description, fields.city, phone, email, website, handle]
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>
}
