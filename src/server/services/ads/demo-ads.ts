import { createHash } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Ad } from '#domain/ad.ts'
import { AD_ID_LENGTH } from '#domain/api/ads-paths.ts'
import type { Language } from '#domain/languages.ts'
import { dollarsToCents } from '#domain/money.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { ads } from '#server/db/schema/ads.ts'
import { DEMO_ADS_ANCHOR, demoAds, generateDemoAds } from './demo-ad-generator.ts'

/** A demo ad's id, the same on every start and every machine: derived from the generated ad's id. */
export function demoAdId(generatedId: string): string {
  const hex = createHash('sha256').update(`demo:${generatedId}`).digest('hex')
  return BigInt(`0x${hex}`).toString(36).padStart(AD_ID_LENGTH, '0').slice(-AD_ID_LENGTH)
}

function demoRow(ad: Ad, lifetimeDays: number) {
  const id = demoAdId(ad.id)
  const french = frenchCopies().get(id)
  return {
    id,
    ownerId: null,
    status: 'live' as const,
    title: ad.title,
    category: ad.category,
    escortType: ad.escortType ?? null,
    province: ad.province,
    city: ad.city,
    priceCents: dollarsToCents(ad.price),
    priceUnit: ad.priceUnit,
    description: ad.description,
    // found by the words a French reader sees (065): the search reads this beside the English
    searchExtra: french ? `${french.title}\n${french.description}` : null,
    images: ad.images,
    videos: ad.videos,
    // seeded ads belong to nobody: no admin verified them (docs/decisions/031-verified-advertisers.md)
    verified: false,
    demo: true,
    publishedAt: new Date(ad.postedAt),
    // demo ads have no contact details: nobody is behind them
    expiresAt: sql`now() + ${lifetimeDays} * interval '1 day'`,
    lifetimeDays,
  }
}

/**
 * Seeds the generated ads (10 per province per category) as live demo ads. Safe on every start and
 * from several processes at once: existing rows keep their content and status (an admin's removal
 * stands) and only have their expiry pushed forward, so demo data does not vanish from a running
 * site. They keep the generator's fixed posting times, so real ads always rank above them.
 * Returns how many were new.
 */
export async function seedDemoAds(db: Db, lifetimeDays: number): Promise<number> {
  const rows = demoAds().map((ad) => demoRow(ad, lifetimeDays))
  const written = await db
    .insert(ads)
    .values(rows)
    .onConflictDoUpdate({
      target: ads.id,
      // verified too: rows seeded before demo ads stopped being badged lose the badge
      // and the French copy, for rows seeded before it was searched (the trigger skips an unchanged one)
      set: {
        expiresAt: sql`greatest(${ads.expiresAt}, excluded.expires_at)`,
        verified: false,
        searchExtra: sql`excluded.search_extra`,
      },
      setWhere: sql`${ads.demo}`,
    })
    .returning({ inserted: sql<boolean>`xmax = 0` })
  changed(db, 'ads')
  return written.filter((row) => row.inserted).length
}

let frenchCopy: ReadonlyMap<string, { title: string; description: string }> | undefined

/** Each demo ad's French title and description, by its id: the same generator in French. */
function frenchCopies(): ReadonlyMap<string, { title: string; description: string }> {
  frenchCopy ??= new Map(
    generateDemoAds(DEMO_ADS_ANCHOR, 'fr').map((ad) => [
      demoAdId(ad.id),
      { title: ad.title, description: ad.description },
    ]),
  )
  return frenchCopy
}

/**
 * An ad's view in its reader's language: a demo ad reads in French for a French reader (its row
 * holds the English the generator wrote; the French comes from the same generator, by the row's
 * id). Anyone's own ad reads as they wrote it. docs/decisions/065-sample-ads-in-french.md
 */
export function inReaderLanguage<T extends { id: string; demo: boolean; title: string; description: string }>(
  view: T,
  language: Language,
): T {
  if (!view.demo || language !== 'fr') return view
  const copy = frenchCopies().get(view.id)
  return copy ? { ...view, ...copy } : view
}
