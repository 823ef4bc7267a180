import { describe, expect, it } from 'vitest'
import { contentHash, textHash } from './ad-fingerprint.ts'

const content = {
  title: 'Vintage silk robe',
  description: 'Barely worn, from a smoke-free home.',
  category: 'adult-buy-sell',
  escortType: null,
  province: 'QC',
  city: 'Montréal',
  priceCents: 4500,
  priceUnit: 'per_unit',
  contact: { phone: '514-555-0100', email: '', website: '', handle: '@robe', platform: 'instagram' },
  images: ['a'],
  videos: [],
}

describe('what makes two ads the same', () => {
  it('reads a copy with other capitals, accents, punctuation or spacing as the same text', () => {
    expect(
      textHash({ title: 'VINTAGE  silk robe!', description: 'Barely worn — from a smoke free home' }),
    ).toBe(textHash(content))
    expect(textHash({ title: 'Vintage sîlk robe', description: content.description })).toBe(textHash(content))
  })

  it('tells another text apart, even when only the line between title and description moved', () => {
    expect(textHash({ title: 'Vintage silk robes', description: content.description })).not.toBe(
      textHash(content),
    )
    expect(textHash({ title: 'Vintage silk', description: `robe ${content.description}` })).not.toBe(
      textHash(content),
    )
  })

  it('gives another content hash for any change a visitor can see, a video or a city included', () => {
    const base = contentHash(content)
    expect(contentHash({ ...content })).toBe(base)
    expect(contentHash({ ...content, videos: ['v'] })).not.toBe(base)
    expect(contentHash({ ...content, city: 'Laval' })).not.toBe(base)
    expect(contentHash({ ...content, contact: { ...content.contact, website: 'x.example' } })).not.toBe(base)
  })
})
