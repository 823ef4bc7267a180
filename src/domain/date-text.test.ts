import { describe, expect, it } from 'vitest'
import { dateText, easternParts, localParts, sentenceEndingWithDate } from './date-text.ts'

// instants around both 2026 clock changes, midnight and noon, and random ones over ten years
const instants = [
  '2026-03-08T06:59:59Z',
  '2026-03-08T07:00:00Z',
  '2026-11-01T05:59:59Z',
  '2026-11-01T06:00:00Z',
  '2026-01-01T05:00:00Z',
  '2026-07-13T16:00:00Z',
  '2026-12-31T23:30:00Z',
].map((iso) => new Date(iso))
for (let i = 0; i < 400; i++) {
  instants.push(new Date(Date.UTC(2020, 0, 1) + Math.floor(Math.random() * 10 * 365 * 86_400_000)))
}

function intl(locale: string, withTime: boolean, timeZone?: string) {
  return new Intl.DateTimeFormat(
    locale,
    withTime ? { dateStyle: 'medium', timeStyle: 'short', timeZone } : { dateStyle: 'medium', timeZone },
  )
}

describe('dates as the app writes them', () => {
  it('write what Intl writes in Toronto, in English and French, with and without the time', () => {
    for (const locale of ['en-CA', 'fr-CA'] as const) {
      for (const withTime of [true, false]) {
        const expected = intl(locale, withTime, 'America/Toronto')
        for (const date of instants) {
          expect(dateText(easternParts(date), locale, withTime), date.toISOString()).toBe(
            expected.format(date),
          )
        }
      }
    }
  })

  it('write what Intl writes in the reader’s own time zone', () => {
    for (const locale of ['en-CA', 'fr-CA'] as const) {
      const expected = intl(locale, true)
      for (const date of instants) {
        expect(dateText(localParts(date), locale, true), date.toISOString()).toBe(expected.format(date))
      }
    }
  })
})

describe('a sentence that ends with a date', () => {
  it('ends with one period after an English time, never "p.m.."', () => {
    const time = dateText({ year: 2026, month: 10, day: 25, hour: 13, minute: 18 }, 'en-CA', true)
    expect(sentenceEndingWithDate(`Saved results from ${time}.`)).toBe(
      'Saved results from Nov 25, 2026, 1:18 p.m.',
    )
  })

  it('keeps its period after a French time or a date without one', () => {
    const time = dateText({ year: 2026, month: 10, day: 25, hour: 13, minute: 18 }, 'fr-CA', true)
    expect(sentenceEndingWithDate(`Résultats enregistrés le ${time}.`)).toBe(
      'Résultats enregistrés le 25 nov. 2026, 13 h 18.',
    )
    expect(sentenceEndingWithDate('Saved on Nov 25, 2026.')).toBe('Saved on Nov 25, 2026.')
  })
})
