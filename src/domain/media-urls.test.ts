import { describe, expect, it } from 'vitest'
import { photoSrcSet, photoUrl, videoUrl } from './media-urls.ts'

describe('media URLs', () => {
  it('leaves stock paths as they are and points media ids at the 640 px WebP or the video', () => {
    expect(photoUrl('/stock/adult-buy-sell-1.svg')).toBe('/stock/adult-buy-sell-1.svg')
    expect(photoUrl('abc_-1')).toBe('/media/abc_-1/640.webp')
    expect(photoUrl('abc', 320)).toBe('/media/abc/320.webp')
    expect(videoUrl('abc')).toBe('/media/abc/video')
  })

  it('lists each stored width once in srcset, never wider than the photo', () => {
    expect(photoSrcSet('a', 2000)).toBe(
      '/media/a/320.webp 320w, /media/a/640.webp 640w, /media/a/1280.webp 1280w',
    )
    expect(photoSrcSet('a', 500)).toBe('/media/a/320.webp 320w, /media/a/640.webp 500w')
    expect(photoSrcSet('a', 200)).toBe('/media/a/320.webp 200w')
    expect(photoSrcSet('/stock/x.svg', 400)).toBe('')
  })
})
