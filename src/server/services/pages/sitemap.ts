import { and, desc, eq, gt, lte, sql } from 'drizzle-orm'
import { type AdPathParts, adPath } from '#domain/ad-path.ts'
import { CATEGORY_KEYS, type CategoryKey, isCategoryKey } from '#domain/categories.ts'
import { ALL, isProvinceCode, PROVINCE_CODES, type ProvinceCode } from '#domain/provinces.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { adTours } from '#server/db/schema/tours.ts'
import { isListed } from '#server/services/ads/ad-search.ts'

// The sitemaps.org protocol caps one file at 50,000 URLs (and 50 MB): the listing pages and the home
// take under a hundred, so the newest 45,000 ads keep the file valid with room to spare. Beyond
// that the older ads are still reached through the listing pages the file names.
const SITEMAP_MAX_ADS = 45_000
// visiting ads' city pages: at most 5 visits per ad, and many ads visit the same few cities
const SITEMAP_MAX_VISITS = 4_000

export interface SitemapAd extends AdPathParts {
  /** The last change a visitor would see: an edit, the publication or the last bump. */
  lastModified: Date
}

/**
 * The listed ads, newest first, in one query along the live-rank index: only the columns a URL and
 * its lastmod need, never the descriptions or the search vectors.
 */
export async function listSitemapAds(db: Db): Promise<SitemapAd[]> {
  const rows = await db
    .select({
      id: ads.id,
      title: ads.title,
      province: ads.province,
      category: ads.category,
      // greatest() skips nulls; ranked_at is the last bump, else the publication
      lastModified: sql<Date>`greatest(${ads.updatedAt}, ${ads.rankedAt})`.mapWith(ads.updatedAt),
    })
    .from(ads)
    .where(isListed)
    .orderBy(sql`${ads.rankedAt} desc nulls last`, desc(ads.id))
    .limit(SITEMAP_MAX_ADS)
  // the columns hold only what the write schemas let in; a row that could not form a route is skipped
  return rows.flatMap(({ province, category, ...rest }) =>
    isProvinceCode(province) && isCategoryKey(category) ? [{ ...rest, province, category }] : [],
  )
}

/** A city's listing page a visiting ad is listed on now: /ca/{province}/{category}?city={city}. */
export interface SitemapVisit {
  province: ProvinceCode
  category: CategoryKey
  city: string
}

/**
 * The city listing pages that visiting ads are listed on now (docs/decisions/060-touring.md), once
 * each: the visited city's page of the ad's category, as a visitor browsing that city finds it.
 */
export async function listSitemapVisits(db: Db, now: Date): Promise<SitemapVisit[]> {
  const rows = await db
    .selectDistinct({ province: adTours.province, category: ads.category, city: adTours.city })
    .from(adTours)
    .innerJoin(ads, eq(ads.id, adTours.adId))
    .where(and(isListed, lte(adTours.startsAt, now), gt(adTours.endsAt, now)))
    .orderBy(adTours.province, ads.category, adTours.city)
    .limit(SITEMAP_MAX_VISITS)
  return rows.flatMap(({ province, category, city }) =>
    isProvinceCode(province) && isCategoryKey(category) ? [{ province, category, city }] : [],
  )
}

const XML_ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
}

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => XML_ENTITIES[c] ?? c)
}

/** The listing pages worth indexing: every province (and all of Canada) times every category. */
function listingPaths(): string[] {
  return [...PROVINCE_CODES, ALL].flatMap((province) =>
    CATEGORY_KEYS.map((category) => `/ca/${province}/${category}`),
  )
}

// each page answers in English by default and in French with ?lang=fr: naming both lets a search
// engine show French searchers the French page, and x-default says which one to show everyone else
function urlEntry(url: string, lastModified?: Date): string {
  const loc = escapeXml(url)
  const french = escapeXml(`${url}${url.includes('?') ? '&' : '?'}lang=fr`)
  return [
    '<url>',
    `<loc>${loc}</loc>`,
    lastModified ? `<lastmod>${lastModified.toISOString()}</lastmod>` : '',
    `<xhtml:link rel="alternate" hreflang="en-CA" href="${loc}"/>`,
    `<xhtml:link rel="alternate" hreflang="fr-CA" href="${french}"/>`,
    `<xhtml:link rel="alternate" hreflang="x-default" href="${loc}"/>`,
    '</url>',
  ].join('')
}

/** The whole sitemap document for a site at `publicUrl` (with or without a trailing slash). */
export function sitemapXml(
  publicUrl: string,
  listedAds: readonly SitemapAd[],
  visits: readonly SitemapVisit[] = [],
): string {
  const origin = publicUrl.replace(/\/+$/, '')
  const entries = [
    urlEntry(`${origin}/`),
    ...listingPaths().map((path) => urlEntry(`${origin}${path}`)),
    ...visits.map((visit) =>
      urlEntry(`${origin}/ca/${visit.province}/${visit.category}?city=${encodeURIComponent(visit.city)}`),
    ),
    ...listedAds.map((ad) => urlEntry(`${origin}${adPath(ad)}`, ad.lastModified)),
  ]
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n')
}
