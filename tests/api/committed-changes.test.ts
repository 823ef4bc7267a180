import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { changed } from '#server/db/after-commit.ts'
import type { Change } from '#server/db/changes.ts'
import { createAd, member, payFee } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { fund } from '#tests/support/wallet.ts'

// A service says what its write changed; the caches hear it once the write commits, once, and never
// when it rolls back (db/after-commit.ts, docs/decisions/038-server-wiring.md).

const api = setupTestApp()
let told: Change[] = []
let stop = () => {}

beforeEach(() => {
  told = []
  const listening = api.t.database.changes.listen((change) => told.push(change))
  stop = () => void listening()
})
afterEach(() => stop())

const generation = (change: Change) => api.t.app.caches.generations.of(change).current()

describe('changed', () => {
  it('tells the caches once the transaction commits, once per change however often it was said', async () => {
    const before = generation('wallets')
    await api.t.db.transaction(async (tx) => {
      changed(tx, 'wallets')
      changed(tx, 'wallets', 'ads')
      await tx.execute('SELECT 1')
      expect(told).toEqual([])
      expect(generation('wallets')).toBe(before)
    })
    expect(told).toEqual(['wallets', 'ads'])
    expect(generation('wallets')).toBe(before + 1)
  })

  it('tells nothing when the transaction rolls back', async () => {
    const before = generation('sessions')
    await expect(
      api.t.db.transaction(async () => {
        changed(api.t.db, 'sessions')
        throw new Error('refused')
      }),
    ).rejects.toThrow('refused')
    expect(told).toEqual([])
    expect(generation('sessions')).toBe(before)
  })

  it('tells at once outside a transaction, where the statement has committed already', () => {
    changed(api.t.db, 'ads')
    expect(told).toEqual(['ads'])
  })
})

describe('a wallet payment', () => {
  it('leaves the caches alone when it is refused, and voids the wallets and ads once when it is paid', async () => {
    const m = await member(api.t)
    const id = await createAd(api.t, m)
    told = []
    const refused = await payFee(api.t, m, 'post', id)
    expect(refused.statusCode).toBe(402)
    expect(told).toEqual([])

    await fund(api.t, m.id, 1_000)
    const wallets = generation('wallets')
    const paid = await payFee(api.t, m, 'post', id)
    expect(paid.statusCode).toBe(200)
    expect(told.filter((change) => change === 'wallets')).toEqual(['wallets'])
    expect(told.filter((change) => change === 'ads')).toEqual(['ads'])
    expect(generation('wallets')).toBe(wallets + 1)
  })
})
