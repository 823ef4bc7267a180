import { describe, expect, it } from 'vitest'
import { formatCad, formatCount, formatDollars, formatFee, isWholeCents } from './money.ts'

describe('formatFee', () => {
  it('writes whole dollars without cents, as the fees are quoted to users', () => {
    expect(formatFee(200)).toBe('$2')
    expect(formatFee(500)).toBe('$5')
  })

  it('keeps the cents of an amount that has some', () => {
    expect(formatFee(50)).toBe('$0.50')
    expect(formatCad(250)).toBe('$2.50')
  })
})

describe('money in both languages', () => {
  const amounts = [0, 0.5, 2, 49.5, 120, 1250, 1250.5, 999.995, 1.005, 12345.675, 1234567.891, -3.5, -1250.25]
  // random prices as sellers type them, whole and with cents
  for (let i = 0; i < 200; i++)
    amounts.push(Math.round(Math.random() * 10 ** (1 + (i % 8))) / (i % 2 ? 100 : 1))

  it('writes exactly what Intl writes, in en-CA and fr-CA, with and without cents', () => {
    for (const locale of ['en-CA', 'fr-CA'] as const) {
      const intl = (whole: boolean) =>
        new Intl.NumberFormat(locale, {
          style: 'currency',
          currency: 'CAD',
          ...(whole ? { maximumFractionDigits: 0 } : {}),
        })
      for (const amount of amounts) {
        expect(formatCad(Math.round(amount * 100), locale), `${locale} ${amount}`).toBe(
          intl(false).format(Math.round(amount * 100) / 100),
        )
        expect(formatDollars(amount, locale), `${locale} ${amount}`).toBe(
          intl(Number.isInteger(amount)).format(amount),
        )
      }
    }
  })

  it('writes counts as Intl does', () => {
    for (const count of [0, 7, 999, 1000, 12345, 1234567]) {
      expect(formatCount(count, 'en-CA')).toBe(count.toLocaleString('en-CA'))
      expect(formatCount(count, 'fr-CA')).toBe(count.toLocaleString('fr-CA'))
    }
  })

  it('puts no-break spaces in French amounts, so "1 250 $" never wraps', () => {
    expect(formatDollars(1250, 'fr-CA')).toBe('1\u00a0250\u00a0$')
    expect(formatFee(200, 'fr-CA')).toBe('2\u00a0$')
  })

  it('shows nothing strange for a value that is not a number', () => {
    expect(formatDollars(Number.NaN)).toBe('$0.00')
  })
})

describe('amounts in whole cents', () => {
  it('takes dollars with at most two decimals, floating-point spellings included', () => {
    for (const ok of [10, 12.5, 0.29, 1.15, 9999.99]) expect(isWholeCents(ok)).toBe(true)
    for (const bad of [5.999, 0.001, 10.005, Number.NaN, Number.POSITIVE_INFINITY])
      expect(isWholeCents(bad)).toBe(false)
  })
})
