import { afterEach, describe, expect, it } from 'vitest'
import type { PublicAd } from '#domain/api/ads.ts'
import { resetDb } from './database.ts'
import { RECENT_LIMIT, readRecentRecords, writeRecentRecord } from './favourites-repository.ts'

afterEach(() => resetDb({ deleteData: true }))

function ad(id: string): PublicAd {
  return { id, title: `Ad ${id}` } as unknown as PublicAd
}

describe('recently viewed ads on the device', () => {
  it('keeps only the last 30 ads opened, newest first, and an ad opened again once', async () => {
    for (let i = 0; i < RECENT_LIMIT + 5; i++) {
      const id = `ad${String(i).padStart(10, '0')}`
      await writeRecentRecord({
        adId: id,
        viewedAt: new Date(Date.UTC(2026, 0, 1, 0, i)).toISOString(),
        ad: ad(id),
      })
    }
    const again = 'ad0000000010'
    await writeRecentRecord({
      adId: again,
      viewedAt: new Date(Date.UTC(2026, 1, 1)).toISOString(),
      ad: ad(again),
    })
    const recent = await readRecentRecords()
    expect(recent).toHaveLength(RECENT_LIMIT)
    expect(recent[0]?.adId).toBe(again)
    expect(recent.filter((r) => r.adId === again)).toHaveLength(1)
    // the first five opened left; the one opened again moved to the top
    expect(recent.map((r) => r.adId)).not.toContain('ad0000000000')
    expect(recent.map((r) => r.adId)).toContain('ad0000000034')
  })
})
