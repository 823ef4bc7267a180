// Display helpers for ads: price with unit, posted date, result count.
import { en } from '#client/i18n/en.ts'
import { fill } from '#client/i18n/fill.ts'
import type { Ad } from '#domain/ad.ts'

const m = en.listing

const wholeDollars = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  maximumFractionDigits: 0,
})
const withCents = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' })

/** "$120 / hour", "$49.50 / set", or 'Contact for price' when the price is 0. */
export function formatAdPrice(ad: Pick<Ad, 'price' | 'priceUnit'>): string {
  if (!(ad.price > 0)) return m.contactForPrice
  const amount = Number.isInteger(ad.price) ? wholeDollars.format(ad.price) : withCents.format(ad.price)
  return `${amount} / ${m.priceUnits[ad.priceUnit]}`
}

const dateTime = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium', timeStyle: 'short' })
const dateOnly = new Intl.DateTimeFormat('en-CA', { dateStyle: 'medium' })

export function formatPostedDate(iso: string, withTime = true): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return ''
  return (withTime ? dateTime : dateOnly).format(date)
}

/** When a listed ad was last put at the top: its bump, else its publication (its last edit before that). */
export function listedAt(ad: {
  bumpedAt?: string | null | undefined
  postedAt: string | null
  updatedAt?: string | undefined
}): string {
  return ad.bumpedAt ?? ad.postedAt ?? ad.updatedAt ?? ''
}

export function formatResultCount(count: number): string {
  if (count === 0) return m.results.zero
  if (count === 1) return m.results.one
  return fill(m.results.other, { count: count.toLocaleString('en-CA') })
}
