// Money is integer cents everywhere inside; dollars appear only at the edge (API JSON, display).

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100
}

/**
 * Whether an amount in dollars is a whole number of cents ("12.5" yes, "5.999" no). Binary floating
 * point writes 0.29 as 0.28999…, so "whole" allows what the conversion itself adds, nothing more.
 */
export function isWholeCents(dollars: number): boolean {
  const cents = dollars * 100
  return Number.isFinite(cents) && Math.abs(cents - Math.round(cents)) < 1e-6
}

/** Rounds to the nearest cent so 0.1 + 0.2 style inputs never leak fractions of a cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}

/** The Intl locales money is shown in: "$2.00" in en-CA, "2,00 $" in fr-CA. */
export type MoneyLocale = 'en-CA' | 'fr-CA'

// Written by hand rather than with Intl.NumberFormat: building the first formatter loads the
// browser's locale data, about 100 ms of main thread on a mid-range phone, paid while the page starts
// (the catalogue quotes fees). The output is Intl's, character for character (money.test.ts checks
// it against Intl): "$1,250.50" in en-CA, "1 250,50 $" (no-break spaces) in fr-CA, halves rounded
// away from zero.
const NBSP = '\u00a0'

/** Rounded half away from zero on the number's shortest decimal spelling ("1.005" → 1.01), as Intl does. */
function rounded(abs: number, digits: number): string {
  const spelled = String(abs)
  if (spelled.includes('e')) return abs.toFixed(digits)
  return Number(`${Math.round(Number(`${spelled}e${digits}`))}e-${digits}`).toFixed(digits)
}

function grouped(int: string, locale: MoneyLocale): string {
  return int.replace(/\B(?=(\d{3})+$)/g, locale === 'fr-CA' ? NBSP : ',')
}

/** A count as Intl writes it: "12,345" in en-CA, "12 345" (no-break space) in fr-CA. */
export function formatCount(count: number, locale: MoneyLocale = 'en-CA'): string {
  const value = Number.isFinite(count) ? count : 0
  return `${value < 0 ? '-' : ''}${grouped(rounded(Math.abs(value), 0), locale)}`
}

function formatMoney(amount: number, locale: MoneyLocale, whole: boolean): string {
  const value = Number.isFinite(amount) ? amount : 0
  const [int = '0', fraction] = rounded(Math.abs(value), whole ? 0 : 2).split('.')
  const sign = value < 0 ? '-' : ''
  if (locale === 'fr-CA') {
    return `${sign}${grouped(int, locale)}${fraction ? `,${fraction}` : ''}${NBSP}$`
  }
  return `${sign}$${grouped(int, locale)}${fraction ? `.${fraction}` : ''}`
}

export function formatCad(cents: number, locale: MoneyLocale = 'en-CA'): string {
  return formatMoney(centsToDollars(cents), locale, false)
}

/** Whole dollars without cents ("$120", "120 $"), otherwise with cents. */
export function formatDollars(dollars: number, locale: MoneyLocale = 'en-CA'): string {
  return formatMoney(dollars, locale, Number.isInteger(dollars))
}

/** A fee as people say it: "$2" ("2 $") for whole dollars, "$0.50" ("0,50 $") otherwise. */
export function formatFee(cents: number, locale: MoneyLocale = 'en-CA'): string {
  return cents % 100 === 0 ? formatMoney(centsToDollars(cents), locale, true) : formatCad(cents, locale)
}
