import { describe, expect, it, vi } from 'vitest'
import { changed } from '#server/db/after-commit.ts'
import { createAd, member } from '#tests/support/ads.ts'
import { cachesSetup, setupTestApp, type TestApp } from '#tests/support/api-app.ts'

// When a short cache's entry expires, the requests that arrive before the first read is back share
// that read (RecheckedCache.read, docs/decisions/021-shared-changes.md): a phone polling its wallet
// or a popular listing page costs the database one set of queries, not one per request.

const { cachesOn, cachesConfig } = await cachesSetup()

/** How many SELECTs `run` sends, counted on the app's database handle. */
async function selectsDuring(t: TestApp, run: () => Promise<unknown>): Promise<number> {
  const select = vi.spyOn(t.db, 'select')
  try {
    await run()
    return select.mock.calls.length
  } finally {
    select.mockRestore()
  }
}

function burst<T>(size: number, request: () => Promise<T>): Promise<T[]> {
  return Promise.all(Array.from({ length: size }, request))
}

describe.runIf(cachesOn)('a burst of requests as the caches expire', () => {
  const api = setupTestApp(cachesConfig)

  it('asks for one user’s session and wallet once, however many of their requests miss together', async () => {
    const { t } = api
    await vi.waitUntil(() => t.app.cachesLive?.() === true, { timeout: 5_000 })
    const m = await member(t, { cents: 500 })
    const wallet = () => t.app.inject({ method: 'GET', url: '/api/wallet/', headers: m.auth })
    const expire = () => {
      changed(t.db, 'sessions', 'wallets')
    }
    expire()
    const one = await selectsDuring(t, wallet)
    expect(one).toBeGreaterThan(0)

    expire()
    let answers: Awaited<ReturnType<typeof wallet>>[] = []
    const many = await selectsDuring(t, async () => {
      answers = await burst(12, wallet)
    })
    expect(answers.map((res) => res.statusCode)).toEqual(Array(12).fill(200))
    expect(new Set(answers.map((res) => res.body)).size).toBe(1)
    expect(many).toBe(one)
  })

  it('asks for a listing page once, however many visitors miss it together', async () => {
    const { t } = api
    const m = await member(t)
    await createAd(t, m)
    const page = () => t.app.inject({ method: 'GET', url: '/api/ads?province=ON' })
    changed(t.db, 'ads')
    const one = await selectsDuring(t, page)
    expect(one).toBeGreaterThan(0)

    changed(t.db, 'ads')
    const many = await selectsDuring(t, () => burst(12, page))
    expect(many).toBe(one)
  })
})
