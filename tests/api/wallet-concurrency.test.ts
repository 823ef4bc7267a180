import { describe, expect, it } from 'vitest'
import { member } from '#tests/support/ads.ts'
import { ledgerOf, payOverHttp, setupListeningApp } from '#tests/support/listening-app.ts'

// Real sockets, real concurrency: on PostgreSQL these requests run on ten pooled connections at
// once, which is where a read-then-write debit would lose updates.

const app = setupListeningApp()

describe(`wallet under concurrency (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('lets exactly 10 of 200 simultaneous $1 bumps through on a $10 balance', async () => {
    const m = await member(app.t, { cents: 1000 })
    const responses = await Promise.all(
      Array.from({ length: 200 }, () => payOverHttp(app.base, m.auth, { type: 'bump' })),
    )
    const statuses = responses.map((r) => r.status)
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>))

    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 402)).toHaveLength(190)
    expect(
      bodies.filter((_, i) => statuses[i] === 402).every((b) => b.detail === 'Insufficient balance'),
    ).toBe(true)
    // every successful answer reports a distinct balance on the way down to zero
    const reported = bodies.filter((_, i) => statuses[i] === 200).map((b) => b.balance_cad as number)
    expect(reported.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])

    const { rows, balance, credited, debited } = await ledgerOf(app.t, m.id)
    expect(balance).toBe(0)
    expect(rows.filter((r) => r.type === 'bump')).toHaveLength(10)
    expect(credited - debited).toBe(balance)
  })

  it('never overdraws with mixed $2 posts and $1 bumps racing on $5', async () => {
    const m = await member(app.t, { cents: 500 })
    const types = Array.from({ length: 60 }, (_, i) => (i % 2 === 0 ? 'post' : 'bump'))
    await Promise.all(types.map((type) => payOverHttp(app.base, m.auth, { type })))
    const { balance, credited, debited } = await ledgerOf(app.t, m.id)
    expect(balance).toBeGreaterThanOrEqual(0)
    expect(balance).toBeLessThan(100)
    expect(credited - debited).toBe(balance)
  })

  it('charges once for 50 simultaneous retries carrying the same Idempotency-Key', async () => {
    const m = await member(app.t, { cents: 1000 })
    const responses = await Promise.all(
      Array.from({ length: 50 }, () => payOverHttp(app.base, m.auth, { type: 'post' }, 'queued-1')),
    )
    const bodies = await Promise.all(
      responses.map((r) => r.json() as Promise<{ transaction: { id: string } }>),
    )
    expect(responses.every((r) => r.status === 200)).toBe(true)
    expect(new Set(bodies.map((b) => b.transaction.id)).size).toBe(1)
    const { balance, rows } = await ledgerOf(app.t, m.id)
    expect(balance).toBe(800)
    expect(rows.filter((r) => r.type === 'post')).toHaveLength(1)
  })
})
