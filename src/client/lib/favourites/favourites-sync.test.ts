import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDb } from '#client/db/database.ts'
import { signIn, signOut } from '#client/lib/session/session-store.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { readFavourites, refreshFavourites, toggleFavourite } from './favourites-sync.ts'

// The merge at sign-in (docs/decisions/046-favourites.md): a heart kept signed out is sent once to the
// account, comes back as the account's, and leaves the device with the account at sign-out.

const AD_ID = 'abcdefghijkl'
const ad = {
  id: AD_ID,
  title: 'Silk evenings',
  photos: [],
  images: [],
  category: 'adult-buy-sell',
} as unknown as PublicAd

interface Sent {
  method: string
  url: string
  body: unknown
}

let sent: Sent[] = []
let server: { adId: string; savedAt: string }[] = []

function answer(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

beforeEach(() => {
  sent = []
  server = []
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined
      sent.push({ method: init?.method ?? 'GET', url, body })
      if (url.endsWith('/account/favourites/merge')) {
        for (const item of (body as { items: { adId: string; savedAt: string }[] }).items) {
          if (!server.some((s) => s.adId === item.adId)) server.push(item)
        }
        return answer({
          items: server.map((s) => ({ ...s, listed: true, ad: null })),
          skipped: [],
        })
      }
      // a photo: none here
      return new Response(null, { status: 404 })
    }),
  )
})

afterEach(async () => {
  signOut()
  vi.unstubAllGlobals()
  await resetDb({ deleteData: true })
})

const merges = () => sent.filter((s) => s.url.endsWith('/account/favourites/merge'))

describe("the device's favourites and the account's", () => {
  it('sends a favourite kept signed out to the account once, and drops the account’s list at sign-out', async () => {
    await toggleFavourite(ad)
    expect((await readFavourites()).map((r) => [r.adId, r.account])).toEqual([[AD_ID, '']])
    // signed out: nothing goes to the server
    await refreshFavourites()
    expect(merges()).toEqual([])

    signIn('token', { email: 'me@example.com' })
    await refreshFavourites()
    expect(merges()).toHaveLength(1)
    expect(merges()[0]?.body).toEqual({ items: [{ adId: AD_ID, savedAt: expect.any(String) }] })
    const mine = await readFavourites()
    expect(mine.map((r) => [r.adId, r.account])).toEqual([[AD_ID, 'me@example.com']])
    // the snapshot the device had is kept though the answer has none
    expect(mine[0]?.ad?.title).toBe('Silk evenings')

    // a second sync sends nothing the device kept on its own any more
    await refreshFavourites()
    expect(merges().at(-1)?.body).toEqual({ items: [] })

    signOut()
    await refreshFavourites()
    expect(await readFavourites()).toEqual([])
  })
})
