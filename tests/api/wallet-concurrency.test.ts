import { describe, expect, it } from 'vitest'
import { adRow, createAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { ledgerOf, payOverHttp, setupListeningApp } from '#tests/support/listening-app.ts'
import { fund } from '#tests/support/wallet.ts'

// Real sockets, real concurrency: on PostgreSQL these requests run on ten pooled connections at
// once, which is where a read-then-write debit would lose updates.

const app = setupListeningApp()

/** A live ad to bump, published through a top-up and its posting fee, so the ledger adds up. */
async function publishedAd(m: Member): Promise<string> {
  await fund(app.t, m.id, 200)
  const id = await createAd(app.t, m)
  const paid = await payFee(app.t, m, 'post', id)
  if (paid.statusCode !== 200) throw new Error(`publishing failed: ${paid.statusCode} ${paid.body}`)
  return id
}

describe(`wallet under concurrency (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('lets exactly 10 of 200 simultaneous $1 bumps through on a $10 balance', async () => {
    const m = await member(app.t, { cents: 1000 })
    // 12 ads bumped in turn: one bump per ad is allowed in 15 minutes (src/domain/bump-spacing.ts), so
    // 12 could move an ad and the balance pays for 10
    const listingIds: string[] = []
    for (let i = 0; i < 12; i++) listingIds.push(await publishedAd(m))
    const responses = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        payOverHttp(app.base, m.auth, { type: 'bump', listingId: listingIds[i % listingIds.length] }),
      ),
    )
    const statuses = responses.map((r) => r.status)
    const bodies = await Promise.all(responses.map((r) => r.json() as Promise<Record<string, unknown>>))

    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 402 || s === 409)).toHaveLength(190)
    expect(
      bodies.filter((_, i) => statuses[i] === 402).every((b) => b.detail === 'Insufficient balance'),
    ).toBe(true)
    expect(bodies.filter((_, i) => statuses[i] === 409).every((b) => b.code === 'ad.bumped_recently')).toBe(
      true,
    )
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
    const live = await publishedAd(m)
    // each post pays for an ad of its own; every bump moves the one live ad
    const pending = await Promise.all(Array.from({ length: 30 }, () => createAd(app.t, m)))
    const responses = await Promise.all(
      pending.flatMap((id) => [
        payOverHttp(app.base, m.auth, { type: 'post', listingId: id }),
        payOverHttp(app.base, m.auth, { type: 'bump', listingId: live }),
      ]),
    )
    // the one live ad moves once in 15 minutes: its later bumps are refused before any money moves
    expect(responses.every((r) => [200, 402, 409].includes(r.status))).toBe(true)
    const { rows, balance, credited, debited } = await ledgerOf(app.t, m.id)
    expect(balance).toBeGreaterThanOrEqual(0)
    expect(balance).toBeLessThan(100)
    expect(credited - debited).toBe(balance)
    // one fee row per 200, and no ad published without its fee
    const paid = responses.filter((r) => r.status === 200).length
    expect(rows.filter((r) => r.type === 'post' || r.type === 'bump')).toHaveLength(paid + 1)
    const published = rows.filter((r) => r.type === 'post' && r.listingId !== live).length
    const liveNow = await Promise.all(pending.map((id) => adRow(app.t, id)))
    expect(liveNow.filter((ad) => ad?.status === 'live')).toHaveLength(published)
  })

  it('charges once for 50 simultaneous retries carrying the same Idempotency-Key', async () => {
    const m = await member(app.t, { cents: 1000 })
    const listingId = await createAd(app.t, m)
    const responses = await Promise.all(
      Array.from({ length: 50 }, () =>
        payOverHttp(app.base, m.auth, { type: 'post', listingId }, 'queued-1'),
      ),
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
