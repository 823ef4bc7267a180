import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AdInput } from '#domain/ad.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { addUserAd, deleteUserAd, listUserAds, useUserAds } from './ads-repository.ts'
import { getDb, resetDb } from './database.ts'

function ad(id: string, extra: Partial<AdInput> = {}): AdInput {
  return {
    id,
    title: `Ad ${id}`,
    category: 'adult-buy-sell',
    province: 'ON',
    city: 'Toronto',
    price: 40,
    priceUnit: 'per_unit',
    description: 'A fine thing',
    images: ['/stock/adult-buy-sell-1.svg'],
    videos: [],
    verified: false,
    postedAt: '2026-11-20T10:00:00.000Z',
    contact: { phone: '', email: 'me@example.ca', website: '', handle: '' },
    ...extra,
  }
}

function mirrored(): unknown {
  const raw = localStorage.getItem(STORAGE_KEYS.mockAds)
  return raw === null ? null : JSON.parse(raw)
}

async function idsInDexie(): Promise<string[]> {
  const db = await getDb()
  if (!db) throw new Error('expected IndexedDB')
  return (await db.ads.orderBy('seq').toArray()).map((a) => a.id)
}

beforeEach(async () => {
  await resetDb({ deleteData: true })
  localStorage.clear()
})
afterEach(async () => {
  cleanup()
  vi.unstubAllGlobals()
  await resetDb({ deleteData: true })
})

describe('user ads in IndexedDB, mirrored to the mock-ads key', () => {
  it('appends added ads and mirrors the whole list to localStorage', async () => {
    await addUserAd(ad('u-1'))
    await addUserAd(ad('u-2'))
    expect((await listUserAds()).map((a) => a.id)).toEqual(['u-1', 'u-2'])
    expect(await idsInDexie()).toEqual(['u-1', 'u-2'])
    const mirror = mirrored() as { id: string; seq?: number }[]
    expect(mirror.map((a) => a.id)).toEqual(['u-1', 'u-2'])
    // the mirror keeps the stored ad shape: no IndexedDB-only fields
    expect(mirror[0]).not.toHaveProperty('seq')
  })

  it('imports the localStorage list at start when IndexedDB is empty', async () => {
    localStorage.setItem(STORAGE_KEYS.mockAds, JSON.stringify([ad('old-1'), ad('old-2')]))
    expect((await listUserAds()).map((a) => a.id)).toEqual(['old-1', 'old-2'])
    expect(await idsInDexie()).toEqual(['old-1', 'old-2'])
  })

  it('keeps IndexedDB as the truth when it has ads, and rewrites a lost mirror from it', async () => {
    await addUserAd(ad('u-1'))
    await resetDb()
    localStorage.clear()
    expect((await listUserAds()).map((a) => a.id)).toEqual(['u-1'])
    expect((mirrored() as { id: string }[]).map((a) => a.id)).toEqual(['u-1'])
  })

  it('reads bad JSON in the mock-ads key as an empty list', async () => {
    localStorage.setItem(STORAGE_KEYS.mockAds, '[{"id": "u-1",')
    await expect(listUserAds()).resolves.toEqual([])
  })

  it.each([
    ['an object', { id: 'u-1' }],
    ['a string', 'ads'],
    ['a number', 42],
  ])('reads a mock-ads key holding %s as an empty list', async (_label, value) => {
    localStorage.setItem(STORAGE_KEYS.mockAds, JSON.stringify(value))
    await expect(listUserAds()).resolves.toEqual([])
  })

  it('keeps the valid ads of a partly corrupt list and skips the rest', async () => {
    localStorage.setItem(
      STORAGE_KEYS.mockAds,
      JSON.stringify([
        ad('good-1'),
        { id: 'bad-1', title: 'no category' },
        null,
        42,
        ad('bad-2', { province: 'XX' as 'ON' }),
        ad('bad-3', { postedAt: 'yesterday' }),
        ad('good-2'),
      ]),
    )
    expect((await listUserAds()).map((a) => a.id)).toEqual(['good-1', 'good-2'])
  })

  it('deletes an ad; an unknown id changes nothing', async () => {
    await addUserAd(ad('u-1'))
    await addUserAd(ad('u-2'))
    await expect(deleteUserAd('u-1')).resolves.toBe(true)
    await expect(deleteUserAd('u-1')).resolves.toBe(false)
    expect((await listUserAds()).map((a) => a.id)).toEqual(['u-2'])
    expect((mirrored() as { id: string }[]).map((a) => a.id)).toEqual(['u-2'])
    await deleteUserAd('u-2')
    expect(localStorage.getItem(STORAGE_KEYS.mockAds)).toBeNull()
  })
})

describe('without IndexedDB (private mode)', () => {
  beforeEach(async () => {
    await resetDb()
    vi.stubGlobal('indexedDB', undefined)
  })

  it('keeps the user ads in localStorage alone', async () => {
    await expect(getDb()).resolves.toBeNull()
    await addUserAd(ad('u-1'))
    await addUserAd(ad('u-2'))
    await deleteUserAd('u-2')
    const stored = mirrored() as { id: string; postedAt: string }[]
    expect(stored.map((a) => [a.id, a.postedAt])).toEqual([['u-1', '2026-11-20T10:00:00.000Z']])
    expect((await listUserAds()).map((a) => a.id)).toEqual(['u-1'])
  })

  it('falls back the same way when the browser refuses to open IndexedDB', async () => {
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('The user denied permission to access the database.', 'SecurityError')
      },
    })
    await expect(getDb()).resolves.toBeNull()
    await addUserAd(ad('u-1'))
    expect((mirrored() as { id: string }[]).map((a) => a.id)).toEqual(['u-1'])
    expect((await listUserAds()).map((a) => a.id)).toEqual(['u-1'])
  })

  it('still reads a corrupt store as empty', async () => {
    localStorage.setItem(STORAGE_KEYS.mockAds, 'not json at all')
    await expect(listUserAds()).resolves.toEqual([])
  })

  it('updates the live list after a write', async () => {
    const { result } = renderHook(() => useUserAds())
    await waitFor(() => expect(result.current).toEqual([]))
    await act(async () => {
      await addUserAd(ad('u-1'))
    })
    await waitFor(() => expect(result.current?.map((a) => a.id)).toEqual(['u-1']))
  })
})

describe('hooks', () => {
  it('useUserAds follows writes live', async () => {
    const { result } = renderHook(() => useUserAds())
    await waitFor(() => expect(result.current).toEqual([]))
    await act(async () => {
      await addUserAd(ad('u-1'))
    })
    await waitFor(() => expect(result.current?.map((a) => a.id)).toEqual(['u-1']))
    await act(async () => {
      await deleteUserAd('u-1')
    })
    await waitFor(() => expect(result.current).toEqual([]))
  })
})
