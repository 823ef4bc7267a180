import { asc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { AdWriteInput } from '#domain/api/ads.ts'
import { adEvents } from '#server/db/schema/ads.ts'
import { companionConfirmations } from '#server/db/schema/companion.ts'
import { adSnapshots } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'
import { verificationRequests } from '#server/db/schema/verifications.ts'
import { adBody, adRow, createAd, liveAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { chargeStatus, createCharge, invoicePath } from '#tests/support/sandbox-payments.ts'
import { adminAuth, decide } from '#tests/support/verification.ts'
import { balanceCents, fund, ledger } from '#tests/support/wallet.ts'

// Adult Companions ads come from verified adults offering their own company only
// (docs/decisions/049-open-in-canada.md): every path that creates, edits or publishes one checks the
// account's verification, and each post or edit keeps the advertiser's confirmation with the version.

const api = setupTestApp()

const companion = (overrides: Partial<AdWriteInput> = {}): Partial<AdWriteInput> => ({
  title: 'Dinner company in Montréal',
  category: 'adult-services',
  escortType: 'female-companion',
  ownServicesConfirmed: true,
  ...overrides,
})

function post(m: Member, body: AdWriteInput, language = 'en') {
  return api.t.app.inject({
    method: 'POST',
    url: '/api/ads',
    headers: { ...m.auth, 'accept-language': language },
    payload: body,
  })
}

function edit(
  m: Member,
  id: string,
  payload: Record<string, unknown>,
  language = 'en',
  method: 'PATCH' | 'PUT' = 'PATCH',
) {
  return api.t.app.inject({
    method,
    url: `/api/ads/${id}`,
    headers: { ...m.auth, 'accept-language': language },
    payload,
  })
}

const confirmations = (adId: string) =>
  api.t.db
    .select()
    .from(companionConfirmations)
    .where(eq(companionConfirmations.adId, adId))
    .orderBy(asc(companionConfirmations.id))

/** A verified advertiser with the approved request an admin can revoke. */
async function verifiedAdvertiser(): Promise<{ advertiser: Member; requestId: number }> {
  const advertiser = await member(api.t, { trusted: true })
  const [request] = await api.t.db
    .insert(verificationRequests)
    .values({
      userId: advertiser.id,
      code: 'ABCDEF',
      status: 'approved',
      decidedAt: new Date(),
      decidedBy: 'boss',
    })
    .returning({ id: verificationRequests.id })
  if (!request) throw new Error('no request')
  return { advertiser, requestId: request.id }
}

describe('companion ads from unverified accounts', () => {
  it('refuses to create one with a coded 403 in the asker’s language, and writes nothing', async () => {
    const m = await member(api.t)
    const en = await post(m, adBody(companion()))
    expect(en.statusCode).toBe(403)
    expect(en.json()).toMatchObject({ code: 'ad.companion_needs_verification' })
    expect(en.json().detail).toMatch(/verified/)
    const fr = await post(m, adBody(companion()), 'fr')
    expect(fr.statusCode).toBe(403)
    expect(fr.json().detail).toMatch(/vérifiés/)
    const mine = await api.t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: m.auth })
    expect(mine.json().items).toEqual([])
  })

  it('still lets them post in the other categories', async () => {
    const m = await member(api.t)
    expect((await post(m, adBody())).statusCode).toBe(201)
  })

  it('refuses an edit that moves their ad into Adult Companions, leaving it as it was', async () => {
    const m = await member(api.t)
    const id = await liveAd(api.t, m)
    const res = await edit(m, id, { category: 'adult-services', ownServicesConfirmed: true })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ad.companion_needs_verification')
    expect((await adRow(api.t, id))?.category).toBe('adult-buy-sell')
    // the contract's PUT is the same edit
    const put = await edit(m, id, { category: 'adult-services', ownServicesConfirmed: true }, 'en', 'PUT')
    expect(put.statusCode).toBe(403)
    expect(put.json().code).toBe('ad.companion_needs_verification')
    expect((await adRow(api.t, id))?.category).toBe('adult-buy-sell')
  })

  it('refuses a wallet payment for a companion ad once the account is no longer verified, charging nothing', async () => {
    const m = await member(api.t, { trusted: true })
    const id = await createAd(api.t, m, companion())
    await fund(api.t, m.id, 500)
    await api.t.db.update(users).set({ verifiedAt: null }).where(eq(users.id, m.id))
    const res = await payFee(api.t, m, 'post', id)
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ad.companion_needs_verification')
    expect(await balanceCents(api.t, m.id)).toBe(500)
    expect((await adRow(api.t, id))?.status).toBe('pending_payment')
  })

  it('opens no crypto charge for an unverified account’s companion ad', async () => {
    const m = await member(api.t, { trusted: true })
    const id = await createAd(api.t, m, companion())
    await api.t.db.update(users).set({ verifiedAt: null }).where(eq(users.id, m.id))
    const res = await createCharge(api.t, m, { chargeType: 'post', listingId: id })
    expect(res.statusCode).toBe(403)
    expect(res.json().code).toBe('ad.companion_needs_verification')
  })

  it('does not publish a companion ad whose crypto payment settles after the verification ended: the money becomes wallet credit', async () => {
    const m = await member(api.t, { trusted: true })
    const id = await createAd(api.t, m, companion())
    const created = (await createCharge(api.t, m, { chargeType: 'post', listingId: id })).json()
    await api.t.db.update(users).set({ verifiedAt: null }).where(eq(users.id, m.id))
    await api.t.app.inject({ method: 'POST', url: `${invoicePath(created.hosted_url)}/pay` })
    expect((await chargeStatus(api.t, created.charge_id)).json().status).toBe('COMPLETED')
    expect((await adRow(api.t, id))?.status).toBe('pending_payment')
    const rows = await ledger(api.t, m.id)
    expect(rows).toEqual([expect.objectContaining({ type: 'credit', method: 'crypto', amountCents: 200 })])
    expect(await balanceCents(api.t, m.id)).toBe(200)
  })
})

describe('companion ads from verified accounts', () => {
  it('accepts one, publishes it on payment, and keeps the confirmation with its time, language and version', async () => {
    const m = await member(api.t, { trusted: true })
    const before = new Date()
    const res = await post(m, adBody(companion()), 'fr')
    expect(res.statusCode, res.body).toBe(201)
    const id = res.json().id as string
    const [kept] = await confirmations(id)
    expect(kept).toMatchObject({ userId: m.id, language: 'fr' })
    expect(kept?.confirmedAt.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1000)
    const [version] = await api.t.db.select().from(adSnapshots).where(eq(adSnapshots.adId, id))
    expect(version?.contentHash).toBe(kept?.contentHash)
    expect(version?.content).toMatchObject({ title: 'Dinner company in Montréal' })
    await fund(api.t, m.id, 200)
    expect((await payFee(api.t, m, 'post', id)).statusCode).toBe(200)
    expect((await adRow(api.t, id))?.status).toBe('live')
  })

  it('refuses a companion ad without the confirmation, or with it false, with a coded 422', async () => {
    const m = await member(api.t, { trusted: true })
    for (const ownServicesConfirmed of [undefined, false]) {
      const res = await post(m, adBody(companion({ ownServicesConfirmed })))
      expect(res.statusCode).toBe(422)
      expect(res.json().code).toBe('ad.companion_confirmation_required')
    }
    const fr = await post(m, adBody(companion({ ownServicesConfirmed: undefined })), 'fr')
    expect(fr.json().detail).toMatch(/18 ans/)
  })

  it('asks again on every edit, and keeps a confirmation for each version', async () => {
    const m = await member(api.t, { trusted: true })
    const id = await liveAd(api.t, m, companion())
    const unconfirmed = await edit(m, id, { title: 'Dinner and a concert' })
    expect(unconfirmed.statusCode).toBe(422)
    expect(unconfirmed.json().code).toBe('ad.companion_confirmation_required')
    expect((await adRow(api.t, id))?.title).toBe('Dinner company in Montréal')

    const confirmed = await edit(
      m,
      id,
      { title: 'Dinner and a concert', ownServicesConfirmed: true },
      'en',
      'PUT',
    )
    expect(confirmed.statusCode, confirmed.body).toBe(200)
    const kept = await confirmations(id)
    expect(kept).toHaveLength(2)
    expect(kept[0]?.contentHash).not.toBe(kept[1]?.contentHash)
    const [second] = await api.t.db
      .select()
      .from(adSnapshots)
      .where(eq(adSnapshots.contentHash, kept[1]?.contentHash ?? ''))
    expect(second?.content).toMatchObject({ title: 'Dinner and a concert' })
  })

  it('leaves the other categories without the question', async () => {
    const m = await member(api.t)
    const id = await createAd(api.t, m)
    expect((await edit(m, id, { title: 'Silk robe, new' })).statusCode).toBe(200)
    expect(await confirmations(id)).toEqual([])
  })
})

describe('revoking a verification', () => {
  it('holds the account’s listed companion ads at once, and leaves its other ads listed', async () => {
    const { advertiser, requestId } = await verifiedAdvertiser()
    const companionAd = await liveAd(api.t, advertiser, companion())
    const robe = await liveAd(api.t, advertiser)
    const res = await decide(api.t, await adminAuth(api.t), requestId, 'revoke', 'ID did not match')
    expect(res.statusCode, res.body).toBe(204)
    expect(await adRow(api.t, companionAd)).toMatchObject({ status: 'held', holdCategory: 'unverified' })
    expect((await adRow(api.t, robe))?.status).toBe('live')
    const events = await api.t.db.select().from(adEvents).where(eq(adEvents.adId, companionAd))
    expect(events.map((e) => e.kind)).toContain('held')
    const listing = await api.t.app.inject({ method: 'GET', url: '/api/ads?category=adult-services' })
    expect(listing.json().items.map((a: { id: string }) => a.id)).not.toContain(companionAd)
    const mine = await api.t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: advertiser.auth })
    const own = mine.json().items.find((a: { id: string }) => a.id === companionAd)
    expect(own?.hold?.category).toBe('unverified')
  })

  it('refuses to publish the account’s waiting companion ad afterwards, charging nothing', async () => {
    const { advertiser, requestId } = await verifiedAdvertiser()
    const waiting = await createAd(api.t, advertiser, companion())
    await fund(api.t, advertiser.id, 200)
    expect((await decide(api.t, await adminAuth(api.t), requestId, 'revoke', 'fake')).statusCode).toBe(204)
    const res = await payFee(api.t, advertiser, 'post', waiting)
    expect(res.statusCode).toBe(403)
    expect(await balanceCents(api.t, advertiser.id)).toBe(200)
  })
})
