// Money is integer cents everywhere inside; dollars appear only at the edge (API JSON, display).

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100
}

/** Rounds to the nearest cent so 0.1 + 0.2 style inputs never leak fractions of a cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}

/** The Intl locales money is shown in: "$2.00" in en-CA, "2,00 $" in fr-CA. */
export type MoneyLocale = 'en-CA' | 'fr-CA'

// Intl formatters are costly to build and free to reuse: one per locale and style
const formatters = new Map<string, Intl.NumberFormat>()

function formatter(locale: MoneyLocale, whole: boolean): Intl.NumberFormat {
  const key = `${locale}:${whole}`
  let found = formatters.get(key)
  if (!found) {
    found = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'CAD',
      ...(whole ? { maximumFractionDigits: 0 } : {}),
    })
    formatters.set(key, found)
  }
  return found
}

export function formatCad(cents: number, locale: MoneyLocale = 'en-CA'): string {
  return formatter(locale, false).format(centsToDollars(cents))
}

/** Whole dollars without cents ("$120", "120 $"), otherwise with cents. */
export function formatDollars(dollars: number, locale: MoneyLocale = 'en-CA'): string {
  return formatter(locale, Number.isInteger(dollars)).format(dollars)
}

/** A fee as people say it: "$2" ("2 $") for whole dollars, "$0.50" ("0,50 $") otherwise. */
export function formatFee(cents: number, locale: MoneyLocale = 'en-CA'): string {
  return cents % 100 === 0 ? formatter(locale, true).format(centsToDollars(cents)) : formatCad(cents, locale)
}
