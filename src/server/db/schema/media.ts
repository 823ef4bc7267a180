import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { MEDIA_KINDS, MEDIA_REVIEWS } from '#domain/api/media.ts'
import { ads } from './ads.ts'
import { users } from './users.ts'

/**
 * One row per upload (docs/decisions/011-media-storage.md). The files live in the media store under
 * content-addressed keys (`<sha256>.<ext>`), so two rows may share a file: a file is deleted only
 * when the last row naming it goes. A row without an ad older than a day is an abandoned upload.
 */
export const media = pgTable(
  'media',
  {
    // 16 random bytes, base64url: unguessable, URL-safe
    id: text('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MEDIA_KINDS }).notNull(),
    contentType: text('content_type').notNull(),
    // photos: the WebP keys in PHOTO_WIDTHS order (src/domain/media-urls.ts); videos: one key
    storageKeys: text('storage_keys').array().notNull(),
    // pixels after EXIF rotation (0 for videos: we do not parse their containers)
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    // a tiny blurred WebP as a data: URI ('' for videos)
    placeholder: text('placeholder').notNull().default(''),
    // bytes stored for this row, all variants together
    bytes: integer('bytes').notNull(),
    // set when an ad is created or edited with this media; an ad purged for good orphans it
    adId: text('ad_id').references(() => ads.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    // docs/decisions/032-photo-review.md: an uploaded photo starts 'pending' (shown only when its
    // owner is verified); rows from before review existed, and videos, are 'approved'. A refused
    // photo keeps its row (without files) so that its owner reads why in /manage.
    review: text('review', { enum: MEDIA_REVIEWS }).notNull().default('approved'),
    reviewReason: text('review_reason').notNull().default(''),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
  },
  (t) => [
    index('media_ad').on(t.adId),
    index('media_owner').on(t.ownerId),
    // the clean-up's scan: abandoned uploads, oldest first
    index('media_unattached_created').on(t.createdAt).where(sql`${t.adId} is null`),
    // "does any other row still name this file?"
    index('media_storage_keys').using('gin', t.storageKeys),
    // the photo queue: pending photos on ads, oldest first
    index('media_pending_created').on(t.createdAt).where(sql`${t.review} = 'pending'`),
  ],
)

export type MediaRow = typeof media.$inferSelect
