import { desc, sql } from 'drizzle-orm'
import { type AdPathParts, adPath } from '#domain/ad-path.ts'
import { CATEGORY_KEYS, isCategoryKey } from '#domain/categories.ts'
import { ALL, isProvinceCode, PROVINCE_CODES } from '#domain/provinces.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { isListed } from '#server/services/ads/ad-search.ts'

// The sitemaps.org protocol caps one file at 50,000 URLs (and 50 MB): the listing pages and the home
// take under a hundred, so the newest 45,000 ads keep the file valid with room to spare. Beyond
// that the older ads are still reached through the listing pages the file names.
const SITEMAP_MAX_ADS = 45_000

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
export function sitemapXml(publicUrl: string, listedAds: readonly SitemapAd[]): string {
  const origin = publicUrl.replace(/\/+$/, '')
  const entries = [
    urlEntry(`${origin}/`),
    ...listingPaths().map((path) => urlEntry(`${origin}${path}`)),
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
