import { describe, expect, it } from 'vitest'
import { provinceFromTimeZone } from './province-from-time-zone.ts'
import { PROVINCE_CODES } from './provinces.ts'

describe('the province guessed from the browser’s time zone', () => {
  it('names the province of each main Canadian zone', () => {
    expect(provinceFromTimeZone('America/Toronto')).toBe('ON')
    expect(provinceFromTimeZone('America/Vancouver')).toBe('BC')
    expect(provinceFromTimeZone('America/Montreal')).toBe('QC')
    expect(provinceFromTimeZone('America/Halifax')).toBe('NS')
    expect(provinceFromTimeZone('America/St_Johns')).toBe('NL')
    expect(provinceFromTimeZone('America/Regina')).toBe('SK')
  })

  it('reaches every province and territory from some zone', () => {
    const reached = new Set(
      [
        'Toronto',
        'Montreal',
        'Vancouver',
        'Edmonton',
        'Winnipeg',
        'Regina',
        'Halifax',
        'Moncton',
        'St_Johns',
        'Whitehorse',
        'Yellowknife',
        'Iqaluit',
      ].map((city) => provinceFromTimeZone(`America/${city}`)),
    )
    // Prince Edward Island shares Halifax's zone: the visitor chooses it
    expect(PROVINCE_CODES.filter((code) => !reached.has(code))).toEqual(['PE'])
  })

  it('guesses nothing outside Canada or without a zone', () => {
    expect(provinceFromTimeZone('Europe/Paris')).toBeNull()
    expect(provinceFromTimeZone('America/New_York')).toBeNull()
    expect(provinceFromTimeZone(undefined)).toBeNull()
  })
})
