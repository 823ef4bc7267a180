// Display helpers for ads: price with unit, posted date, result count, in the active language's
// formats ("$120 / hour" or "120 $ / heure", "Nov 22, 2026" or "22 nov. 2026").
import { fill } from '#client/i18n/fill.ts'
import { language, locale, msg } from '#client/i18n/messages.ts'
import type { Ad } from '#domain/ad.ts'
import { dateText, easternParts, localParts } from '#domain/date-text.ts'
import { cityNameIn } from '#domain/french-names.ts'
import { formatCad, formatCount, formatDollars } from '#domain/money.ts'

const m = msg.listing

/** "$120 / hour", "$49.50 / set", "$40" for a single item, or 'Contact for price' when the price is 0. */
export function formatAdPrice(ad: Pick<Ad, 'price' | 'priceUnit'>): string {
  if (!(ad.price > 0)) return m.contactForPrice
  const price = formatDollars(ad.price, locale())
  // a thing sold by the item reads as its price, as in any shop; an hour or a set says what it buys
  return ad.priceUnit === 'per_unit' ? price : `${price} / ${m.priceUnits[ad.priceUnit]}`
}

/**
 * A server render cannot know the reader's time zone: pages rendered on the server, and the browser's
 * first render over them, show Eastern time (most readers' zone); the browser's own follows at once
 * (components/ui/posted-time.tsx).
 */
export const SERVER_TIME_ZONE = 'America/Toronto'

/** The date (and time) in the reader's time zone, or in Eastern time (SERVER_TIME_ZONE). */
export function formatPostedDate(iso: string, withTime = true, timeZone?: typeof SERVER_TIME_ZONE): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return dateText(timeZone ? easternParts(date) : localParts(date), locale(), withTime)
}

/** When a listed ad was last put at the top: its bump, else its publication (its last edit before that). */
export function listedAt(ad: {
  bumpedAt?: string | null | undefined
  postedAt: string | null
  updatedAt?: string | undefined
}): string {
  return ad.bumpedAt ?? ad.postedAt ?? ad.updatedAt ?? ''
}

/** "Laval, QC"; an ad without a city (listed under its province's All cities) shows its province only. */
/** "Québec City, QC" in English, "Québec, QC" in French: a city by its name in the active language. */
export function formatPlace(city: string, province: string): string {
  return city.trim() === '' ? province : `${cityNameIn(city, language())}, ${province}`
}

export function formatResultCount(count: number): string {
  if (count === 0) return m.results.zero
  if (count === 1) return m.results.one
  return fill(m.results.other, { count: formatCount(count, locale()) })
}

/** An amount in cents in the active language: "$2.00", "2,00 $". */
export function formatMoney(cents: number): string {
  return formatCad(cents, locale())
}
