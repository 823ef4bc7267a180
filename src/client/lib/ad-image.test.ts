import { describe, expect, it } from 'vitest'
import { adImage } from './ad-image.ts'

describe('adImage', () => {
  it('shows the ad’s own first photo when it has one', () => {
    expect(adImage({ id: 'abc', images: ['/media/p1.webp'], category: 'adult-services' })).toBe(
      '/media/p1.webp',
    )
  })

  it('shows a photo-less ad one of its category’s stock pictures, the same one every time', () => {
    const ad = { id: 'k3x9q2m1z0ab', images: [], category: 'adult-pics-vids' as const }
    expect(adImage(ad)).toMatch(/^\/stock\/adult-pics-vids-[1-4]\.svg$/)
    expect(adImage(ad)).toBe(adImage({ ...ad }))
  })

  it('gives photo-less ads of one category different pictures rather than one for all', () => {
    const ids = ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', 'g7', 'h8', 'i9', 'j0', 'k1', 'l2']
    const pictures = new Set(ids.map((id) => adImage({ id, images: [], category: 'adult-buy-sell' })))
    expect(pictures.size).toBeGreaterThan(1)
  })
})
