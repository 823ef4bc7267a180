// Dates as the app shows them ("Nov 22, 2026, 3:45 p.m.", "22 nov. 2026, 15 h 45"), written by hand
// rather than with Intl.DateTimeFormat: building a formatter loads the browser's locale and time zone
// data, about 90 ms of main thread on a mid-range phone, and every listing card shows a date while
// the page starts. The output is Intl's medium date and short time, character for character
// (date-text.test.ts checks it against Intl), in two zones: the reader's own (Date's local getters)
// and Eastern time, which a server render uses because it cannot know the reader's.
import type { MoneyLocale } from './money.ts'

export interface DateParts {
  year: number
  /** 0 = January */
  month: number
  day: number
  hour: number
  minute: number
}

const MONTHS: Record<MoneyLocale, readonly string[]> = {
  'en-CA': ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'],
  'fr-CA': [
    'janv.',
    'févr.',
    'mars',
    'avr.',
    'mai',
    'juin',
    'juill.',
    'août',
    'sept.',
    'oct.',
    'nov.',
    'déc.',
  ],
}

export function localParts(date: Date): DateParts {
  return {
    year: date.getFullYear(),
    month: date.getMonth(),
    day: date.getDate(),
    hour: date.getHours(),
    minute: date.getMinutes(),
  }
}

function utcParts(ms: number): DateParts {
  const d = new Date(ms)
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth(),
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
  }
}

/** The UTC instant of the n-th Sunday (1-based) of a month at `hourUtc`. */
function nthSunday(year: number, month: number, n: number, hourUtc: number): number {
  const firstDay = new Date(Date.UTC(year, month, 1)).getUTCDay()
  const day = 1 + ((7 - firstDay) % 7) + (n - 1) * 7
  return Date.UTC(year, month, day, hourUtc)
}

/**
 * Wall-clock time in Toronto (America/Toronto): UTC−5, and UTC−4 from the second Sunday of March at
 * 2:00 standard time to the first Sunday of November at 2:00 daylight time (the rule since 2007).
 */
export function easternParts(date: Date): DateParts {
  const ms = date.getTime()
  const year = date.getUTCFullYear()
  const summer = ms >= nthSunday(year, 2, 2, 7) && ms < nthSunday(year, 10, 1, 6)
  return utcParts(ms - (summer ? 4 : 5) * 3_600_000)
}

const pad = (n: number) => String(n).padStart(2, '0')

export function dateText(parts: DateParts, locale: MoneyLocale, withTime: boolean): string {
  const { year, month, day, hour, minute } = parts
  const monthName = MONTHS[locale][month] ?? ''
  if (locale === 'fr-CA') {
    const date = `${day} ${monthName} ${year}`
    return withTime ? `${date}, ${pad(hour)} h ${pad(minute)}` : date
  }
  const date = `${monthName} ${day}, ${year}`
  if (!withTime) return date
  return `${date}, ${hour % 12 || 12}:${pad(minute)} ${hour < 12 ? 'a.m.' : 'p.m.'}`
}

/**
 * A sentence whose last word is a date text: the English time ends in "p.m." and the sentence's own
 * period would make it "1:18 p.m.."; a date text already closes the sentence.
 */
export function sentenceEndingWithDate(sentence: string): string {
  return sentence.endsWith('m..') ? sentence.slice(0, -1) : sentence
}

/** A YYYY-MM-DD day as "Dec 12" / "12 déc.": the date as written, read in no time zone. */
export function dayMonthText(date: string, locale: MoneyLocale): string {
  const month = MONTHS[locale][Number(date.slice(5, 7)) - 1] ?? ''
  const day = Number(date.slice(8, 10))
  return locale === 'fr-CA' ? `${day} ${month}` : `${month} ${day}`
}

/** Two YYYY-MM-DD days as "Dec 5–12" / "5–12 déc.", or "Nov 28 – Dec 3" / "28 nov. – 3 déc.". */
export function dayRangeText(from: string, to: string, locale: MoneyLocale): string {
  if (from === to) return dayMonthText(from, locale)
  if (from.slice(0, 7) === to.slice(0, 7)) {
    const [first, last] = [Number(from.slice(8, 10)), Number(to.slice(8, 10))]
    const month = MONTHS[locale][Number(from.slice(5, 7)) - 1] ?? ''
    return locale === 'fr-CA' ? `${first}–${last} ${month}` : `${month} ${first}–${last}`
  }
  return `${dayMonthText(from, locale)} – ${dayMonthText(to, locale)}`
}
