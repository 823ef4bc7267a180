import { type SQL, sql } from 'drizzle-orm'
import {
  bigint,
  bigserial,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core'
import { AD_STATUSES } from '#domain/ad-status.ts'
import { HOLD_CATEGORIES } from '#domain/api/reports.ts'
import { users } from './users.ts'

export const adStatus = pgEnum('ad_status', AD_STATUSES)

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * One row per ad (docs/decisions/010-ads-on-the-server.md). A live ad is listed while expires_at
 * is in the future: expiry is a condition in every public query, never a job. `search` and
 * `title_folded` are filled by the ads_search_update trigger (custom SQL in the migration) from
 * title (weight A), city (B) and description (C), unaccented, in English and French.
 */
export const ads = pgTable(
  'ads',
  {
    // 12 characters of [0-9a-z]: URL-safe and free of '-', so a URL can carry `{id}-{slug}`
    id: text('id').primaryKey(),
    // null for seeded demo ads, which belong to nobody
    ownerId: uuid('owner_id').references(() => users.id, { onDelete: 'cascade' }),
    status: adStatus('status').notNull().default('pending_payment'),
    title: text('title').notNull(),
    category: text('category').notNull(),
    escortType: text('escort_type'),
    province: text('province').notNull(),
    city: text('city').notNull(),
    // the seller's asking price label, in cents (0 = contact for price); never money the app moves
    priceCents: integer('price_cents').notNull().default(0),
    priceUnit: text('price_unit').notNull(),
    description: text('description').notNull().default(''),
    contactPhone: text('contact_phone').notNull().default(''),
    contactEmail: text('contact_email').notNull().default(''),
    contactWebsite: text('contact_website').notNull().default(''),
    contactHandle: text('contact_handle').notNull().default(''),
    contactPlatform: text('contact_platform'),
    // media ids, or for seeded demo ads stock paths starting with '/'; mediaUrls() resolves both
    images: text('images').array().notNull().default(sql`'{}'::text[]`),
    videos: text('videos').array().notNull().default(sql`'{}'::text[]`),
    verified: boolean('verified').notNull().default(false),
    demo: boolean('demo').notNull().default(false),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    bumpedAt: timestamp('bumped_at', { withTimezone: true }),
    // the last paid bump (a renewal also sets bumped_at, but is no bump): the spacing between two
    // bumps is counted from it (src/domain/bump-spacing.ts)
    lastBumpAt: timestamp('last_bump_at', { withTimezone: true }),
    // what the listing sorts by: the last bump, else the publication
    rankedAt: timestamp('ranked_at', { withTimezone: true }).generatedAlwaysAs(
      (): SQL => sql`coalesce(${ads.bumpedAt}, ${ads.publishedAt})`,
    ),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    // "Available now" until this moment (docs/decisions/048-advertisers.md): past it, the ad simply
    // is not available any more; every reader compares it with the app's clock, no job clears it
    availableUntil: timestamp('available_until', { withTimezone: true }),
    // the lifetime this ad was sold with (AD_LIFETIME_DAYS when it was created): publishing and
    // renewing read it here, so the payment paths need no configuration of their own
    lifetimeDays: doublePrecision('lifetime_days').notNull().default(30),
    // why an admin removed the ad, shown to its owner (null for removals by the owner)
    removalReason: text('removal_reason'),
    // why the ad is held when no report says so (a banned phrase added after it went live)
    holdReason: text('hold_reason'),
    // while held (docs/decisions/033-reports-that-cost.md): when the hold began, its reason category
    // as the owner reads it (HOLD_CATEGORIES), and the listed time the ad had left then. The clock
    // stops while held: a release sets expires_at to now + held_remaining_ms
    heldAt: timestamp('held_at', { withTimezone: true }),
    holdCategory: text('hold_category', { enum: HOLD_CATEGORIES }),
    heldRemainingMs: bigint('held_remaining_ms', { mode: 'number' }),
    search: tsvector('search'),
    // words the ad is found by beyond its own text: a sample ad's French copy, which it is read in by a
    // French reader (docs/decisions/065-sample-ads-in-french.md); the trigger adds it to `search`
    searchExtra: text('search_extra'),
    // the title in lower case without accents, for partial-word matches (trigram index)
    titleFolded: text('title_folded'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ads_price_non_negative', sql`${t.priceCents} >= 0`),
    check('ads_lifetime_positive', sql`${t.lifetimeDays} > 0`),
    check(
      'ads_live_has_dates',
      sql`${t.status} <> 'live' or (${t.publishedAt} is not null and ${t.expiresAt} is not null)`,
    ),
    index('ads_search').using('gin', t.search),
    // the public list: live rows by filter, newest rank first (expiry is checked on the few rows read)
    index('ads_live_rank').on(t.rankedAt.desc()).where(sql`${t.status} = 'live'`),
    index('ads_live_province_category_rank')
      .on(t.province, t.category, t.rankedAt.desc())
      .where(sql`${t.status} = 'live'`),
    index('ads_live_category_rank').on(t.category, t.rankedAt.desc()).where(sql`${t.status} = 'live'`),
    index('ads_live_category_price').on(t.category, t.priceCents).where(sql`${t.status} = 'live'`),
    index('ads_owner_created').on(t.ownerId, t.createdAt),
    // the "Available now" filter: the few live ads switched on, by when they stop
    index('ads_live_available')
      .on(t.availableUntil)
      .where(sql`${t.status} = 'live' and ${t.availableUntil} is not null`),
  ],
)

/** One row of `ads` as read: what the services turn into the API's views (services/ads/ad-views.ts). */
export type AdRow = typeof ads.$inferSelect

export const AD_EVENT_KINDS = [
  'created',
  'edited',
  'published',
  'renewed',
  'bumped',
  'removed',
  'held',
  'released',
  'restored',
  // "Available now" switched on (detail: the hours) and off; the switches a day are counted from these
  'available',
  'unavailable',
  // the visits replaced (detail: the new list; docs/decisions/060-touring.md)
  'toured',
] as const

/** The audit trail: every change to an ad, who made it, the status before and after, and why. */
export const adEvents = pgTable(
  'ad_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adId: text('ad_id')
      .notNull()
      .references(() => ads.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: AD_EVENT_KINDS }).notNull(),
    // a user id, 'admin:<username>' or 'system'
    actor: text('actor').notNull(),
    fromStatus: adStatus('from_status'),
    toStatus: adStatus('to_status'),
    // why: the payment (wallet transaction or charge id), the report, the admin's note
    detail: text('detail').notNull().default(''),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_events_ad_at').on(t.adId, t.at)],
)
