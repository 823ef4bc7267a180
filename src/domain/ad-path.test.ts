import { describe, expect, it } from 'vitest'
import { adIdFromSegment, adPath, slugify } from './ad-path.ts'

describe('slugify', () => {
  it('drops accents and lowers the case: "Lingérie Montréal" becomes "lingerie-montreal"', () => {
    expect(slugify('Lingérie Montréal')).toBe('lingerie-montreal')
    expect(slugify('ÇA VA, Québec')).toBe('ca-va-quebec')
  })

  it('turns every run of punctuation and spaces into one hyphen, none at either end', () => {
    expect(slugify('Lingérie & Corsets — Montréal!')).toBe('lingerie-corsets-montreal')
    expect(slugify('  --Hello...   world??  ')).toBe('hello-world')
    expect(slugify("St. John's / 2 items")).toBe('st-john-s-2-items')
  })

  it('keeps at most 60 characters of a long title and never ends on a hyphen', () => {
    const slug = slugify('Silk robe '.repeat(20))
    expect(slug.length).toBeLessThanOrEqual(60)
    expect(slug).toMatch(/^silk-robe-/)
    expect(slug).not.toMatch(/-$/)
    expect(slugify(`${'a'.repeat(59)} b`)).toBe('a'.repeat(59))
  })

  it('answers "ad" when nothing readable is left of the title', () => {
    expect(slugify('')).toBe('ad')
    expect(slugify('!!! — ???')).toBe('ad')
    expect(slugify('日本語')).toBe('ad')
  })
})

describe('adPath', () => {
  it('places the ad under its province and category, its id before the slug', () => {
    expect(
      adPath({ id: 'k3j9x0a1b2c3', title: 'Red corset', province: 'QC', category: 'adult-buy-sell' }),
    ).toBe('/ca/QC/adult-buy-sell/k3j9x0a1b2c3-red-corset')
    expect(adPath({ id: 'k3j9x0a1b2c3', title: '', province: 'ON', category: 'adult-services' })).toBe(
      '/ca/ON/adult-services/k3j9x0a1b2c3-ad',
    )
  })
})

describe('adIdFromSegment', () => {
  it('reads the id before the first hyphen, whatever the slug says', () => {
    expect(adIdFromSegment('k3j9x0a1b2c3-red-corset')).toBe('k3j9x0a1b2c3')
    expect(adIdFromSegment('k3j9x0a1b2c3-an-old-title')).toBe('k3j9x0a1b2c3')
    expect(adIdFromSegment('k3j9x0a1b2c3')).toBe('k3j9x0a1b2c3')
  })

  it('finds the id of the path adPath built', () => {
    const path = adPath({
      id: '0a1b2c3d4e5f',
      title: 'Été à Montréal',
      province: 'QC',
      category: 'adult-castings',
    })
    expect(adIdFromSegment(path.split('/').at(-1) ?? '')).toBe('0a1b2c3d4e5f')
  })

  it('refuses a segment whose id part is empty, too long or not [0-9a-z]', () => {
    for (const segment of [
      '',
      '-red-corset',
      'K3J9X0A1B2C3-red',
      'abc_def-x',
      'ab.cd',
      'é1-x',
      'a'.repeat(41),
    ]) {
      expect(adIdFromSegment(segment), segment).toBeNull()
    }
    expect(adIdFromSegment('a'.repeat(40))).toBe('a'.repeat(40))
  })
})
