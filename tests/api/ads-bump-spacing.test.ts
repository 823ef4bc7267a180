// Two bumps of one ad at least 15 minutes apart (src/domain/bump-spacing.ts, docs/decisions/042-holds-that-hold.md):
// a double tap or a retry is refused with a code, in words in both languages, before any money moves.
// 20 bumps racing are in tests/api/ads-concurrency.test.ts, over real sockets.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { BUMP_SPACING_MINUTES } from '#domain/bump-spacing.ts'
import { ads } from '#server/db/schema/ads.ts'
import { createAd, expire, liveAd, type Member, member, payFee } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { balanceCents, ledger } from '#tests/support/wallet.ts'

const api = setupTestApp()

function bump(m: Member, id: string, language = 'en') {
  return api.t.app.inject({
    method: 'POST',
    url: '/api/wallet/pay',
    headers: { ...m.auth, 'accept-language': language },
    payload: { type: 'bump', listingId: id },
  })
}

const bumps = async (m: Member) => (await ledger(api.t, m.id)).filter((row) => row.type === 'bump')

describe('the spacing between bumps', () => {
  it(`refuses a second bump within ${BUMP_SPACING_MINUTES} minutes with a code and words, nothing charged`, async () => {
    const owner = await member(api.t, { cents: 500 })
    const id = await liveAd(api.t, owner)
    expect((await bump(owner, id)).statusCode).toBe(200)
    const before = await balanceCents(api.t, owner.id)
    const again = await bump(owner, id)
    expect(again.statusCode).toBe(409)
    expect(again.json()).toMatchObject({ code: 'ad.bumped_recently' })
    expect(again.json().detail).toContain(`${BUMP_SPACING_MINUTES} minutes`)
    const french = await bump(owner, id, 'fr-CA')
    expect(french.json().detail).toContain('rien n’a été facturé')
    expect(await balanceCents(api.t, owner.id)).toBe(before)
    expect(await bumps(owner)).toHaveLength(1)
  })

  it('allows the next bump once the spacing has passed', async () => {
    const owner = await member(api.t, { cents: 500 })
    const id = await liveAd(api.t, owner)
    expect((await bump(owner, id)).statusCode).toBe(200)
    await api.t.db
      .update(ads)
      .set({ lastBumpAt: sql`now() - ${BUMP_SPACING_MINUTES + 1} * interval '1 minute'` })
      .where(eq(ads.id, id))
    expect((await bump(owner, id)).statusCode).toBe(200)
    expect(await bumps(owner)).toHaveLength(2)
  })

  it('counts posting and renewing as no bump: an ad is bumped right after either', async () => {
    const owner = await member(api.t, { cents: 1_000 })
    const id = await createAd(api.t, owner)
    expect((await payFee(api.t, owner, 'post', id)).statusCode).toBe(200)
    expect((await bump(owner, id)).statusCode).toBe(200)
    const renewed = await liveAd(api.t, owner)
    await expire(api.t, renewed)
    expect((await payFee(api.t, owner, 'post', renewed)).statusCode).toBe(200)
    expect((await bump(owner, renewed)).statusCode).toBe(200)
  })

  it('refuses to open a crypto charge for a bump that would come too soon', async () => {
    const owner = await member(api.t, { cents: 500 })
    const id = await liveAd(api.t, owner)
    expect((await bump(owner, id)).statusCode).toBe(200)
    const charge = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: owner.auth,
      payload: { chargeType: 'bump', listingId: id },
    })
    expect(charge.statusCode).toBe(409)
    expect(charge.json()).toMatchObject({ code: 'ad.bumped_recently' })
  })
})
