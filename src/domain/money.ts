// Money is integer cents everywhere inside; dollars appear only at the edge (API JSON, display).

export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100
}

/** Rounds to the nearest cent so 0.1 + 0.2 style inputs never leak fractions of a cent. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100)
}

const cad = new Intl.NumberFormat('en-CA', { style: 'currency', currency: 'CAD' })

export function formatCad(cents: number): string {
  return cad.format(centsToDollars(cents))
}

const wholeCad = new Intl.NumberFormat('en-CA', {
  style: 'currency',
  currency: 'CAD',
  maximumFractionDigits: 0,
})

/** A fee as people say it: "$2" for whole dollars, "$0.50" otherwise. */
export function formatFee(cents: number): string {
  return cents % 100 === 0 ? wholeCad.format(centsToDollars(cents)) : formatCad(cents)
}
