import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { adEvents } from '#server/db/schema/ads.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { walletTransactions } from '#server/db/schema/wallet.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { signBody } from '#server/services/payments/signature.ts'
import { adRow, createAd, liveAd, type Member, member } from '#tests/support/ads.ts'
import { ledgerOf, payOverHttp, setupListeningApp } from '#tests/support/listening-app.ts'

// Real sockets, real concurrency: on PostgreSQL these requests run on ten pooled connections at
// once, which is where publishing twice or debiting without publishing would show.

const app = setupListeningApp()

const pay = (m: Member, type: 'post' | 'bump', listingId: string) =>
  payOverHttp(app.base, m.auth, { type, listingId })

const eventsOf = (adId: string, kind: 'published' | 'bumped') =>
  app.t.db
    .select()
    .from(adEvents)
    .where(and(eq(adEvents.adId, adId), eq(adEvents.kind, kind)))

describe(`ad payments under concurrency (${process.env.TEST_DB ?? 'pglite'})`, () => {
  it('publishes once and debits once for 50 simultaneous posting fees for one ad; the rest get 409', async () => {
    const owner = await member(app.t, { cents: 10_000 })
    const id = await createAd(app.t, owner)
    const responses = await Promise.all(Array.from({ length: 50 }, () => pay(owner, 'post', id)))
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(49)
    const { rows, balance } = await ledgerOf(app.t, owner.id)
    expect(rows.filter((r) => r.type === 'post')).toHaveLength(1)
    expect(balance).toBe(10_000 - 200)
    expect(await eventsOf(id, 'published')).toHaveLength(1)
    expect((await adRow(app.t, id))?.status).toBe('live')
  })

  it('bumps and charges once when 20 bumps of one ad race; the others are refused with a code, unpaid', async () => {
    const owner = await member(app.t, { cents: 1_000 })
    const id = await liveAd(app.t, owner)
    const before = (await ledgerOf(app.t, owner.id)).balance
    const responses = await Promise.all(Array.from({ length: 20 }, () => pay(owner, 'bump', id)))
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    const refused = await Promise.all(responses.filter((r) => r.status === 409).map((r) => r.json()))
    expect(refused.every((body) => (body as { code: string }).code === 'ad.bumped_recently')).toBe(true)
    const { rows, balance } = await ledgerOf(app.t, owner.id)
    expect(rows.filter((r) => r.type === 'bump')).toHaveLength(1)
    expect(balance).toBe(before - 100)
    expect(await eventsOf(id, 'bumped')).toHaveLength(1)
  })

  it('publishes once when the settled charge arrives by 5 webhook deliveries racing 5 status polls', async () => {
    const owner = await member(app.t)
    const id = await createAd(app.t, owner)
    const created = await fetch(`${app.base}/api/payments/crypto/charge`, {
      method: 'POST',
      headers: { ...owner.auth, 'content-type': 'application/json' },
      body: JSON.stringify({ chargeType: 'post', listingId: id }),
    })
    const chargeId = ((await created.json()) as { charge_id: string }).charge_id
    const [charge] = await app.t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, chargeId))
    if (!charge) throw new Error('no charge')
    await new SandboxProvider(
      app.t.db,
      app.t.config.PUBLIC_URL,
      app.t.config.SANDBOX_WEBHOOK_SECRET,
    ).simulate(charge.providerInvoiceId, 'COMPLETED')
    const webhook = () => {
      const body = JSON.stringify({
        deliveryId: randomUUID(),
        type: 'InvoiceSettled',
        invoiceId: charge.providerInvoiceId,
      })
      return fetch(`${app.base}/api/payments/webhooks/sandbox`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'sandbox-sig': signBody(app.t.config.SANDBOX_WEBHOOK_SECRET, body),
        },
        body,
      })
    }
    const poll = () => fetch(`${app.base}/api/payments/crypto/charge/${chargeId}/status`)
    const responses = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? webhook() : poll())))
    expect(responses.every((r) => r.status === 200)).toBe(true)
    expect(await eventsOf(id, 'published')).toHaveLength(1)
    const fees = await app.t.db
      .select()
      .from(walletTransactions)
      .where(eq(walletTransactions.chargeId, chargeId))
    expect(fees).toHaveLength(1)
    expect((await adRow(app.t, id))?.status).toBe('live')
  })
})
