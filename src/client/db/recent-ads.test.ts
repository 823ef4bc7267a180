import { describe, expect, it } from 'vitest'
import type { PublicAd } from '#domain/api/ads.ts'
import { noteRecentAd, RECENT_LIMIT, readRecentAds } from './recent-ads.ts'

function ad(id: string): PublicAd {
  return {
    id,
    title: `Ad ${id}`,
    description: 'long words',
    photos: [],
    images: [],
    videos: [],
  } as unknown as PublicAd
}

describe('recently viewed ads on the device', () => {
  it('keeps only the last 30 ads opened, newest first, and an ad opened again once', () => {
    for (let i = 0; i < RECENT_LIMIT + 5; i++) {
      noteRecentAd(ad(`ad${String(i).padStart(10, '0')}`), new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString())
    }
    const again = 'ad0000000010'
    noteRecentAd(ad(again), new Date(Date.UTC(2026, 1, 1)).toISOString())
    const recent = readRecentAds()
    expect(recent).toHaveLength(RECENT_LIMIT)
    expect(recent[0]?.ad.id).toBe(again)
    expect(recent.filter((r) => r.ad.id === again)).toHaveLength(1)
    // the first five opened left
    expect(recent.map((r) => r.ad.id)).not.toContain('ad0000000004')
    expect(recent.map((r) => r.ad.id)).toContain('ad0000000005')
    // a slim copy: no description to fill the storage
    expect(recent[0]?.ad.description).toBe('')
  })

  it('reads corrupt storage as no recent ads', () => {
    localStorage.setItem('recent_ads', '{"not":"a list"')
    expect(readRecentAds()).toEqual([])
    localStorage.setItem('recent_ads', JSON.stringify([{ viewedAt: 1 }, null]))
    expect(readRecentAds()).toEqual([])
  })
})
