// Helpers for the ads API tests: a signed-in member (optionally funded), a valid ad body, and the
// calls a journey makes. Each takes the file's TestApp, so files keep one app and one database.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { AdWriteInput } from '#domain/api/ads.ts'
import { AdsPaths } from '#domain/api/ads-paths.ts'
import { changed } from '#server/db/after-commit.ts'
import { ads } from '#server/db/schema/ads.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets, walletTransactions } from '#server/db/schema/wallet.ts'
import { hashPassword } from '#server/services/accounts/passwords.ts'
import { createSession } from '#server/services/accounts/sessions.ts'
import type { TestApp } from './api-app.ts'

export interface Member {
  id: string
  token: string
  auth: { authorization: string }
}

export async function member(
  t: TestApp,
  /** ageDays: how long ago the account was created (0: just now, a new account) */
  /** trusted: an admin verified the advertiser (docs/decisions/031), so their photos show before review */
  /** email: signs up with this address (else a new one); password: one they can confirm a deletion with */
  options: {
    cents?: number
    verified?: boolean
    ageDays?: number
    trusted?: boolean
    email?: string
    password?: string
  } = {},
): Promise<Member> {
  const createdAt = new Date(Date.now() - (options.ageDays ?? 0) * 86_400_000)
  const [user] = await t.db
    .insert(users)
    .values({
      email: options.email ?? `${randomUUID()}@example.com`,
      passwordHash: options.password === undefined ? 'x' : await hashPassword(options.password),
      emailVerifiedAt: options.verified === false ? null : createdAt,
      verifiedAt: options.trusted ? createdAt : null,
      createdAt,
    })
    .returning({ id: users.id })
  if (!user) throw new Error('no user')
  if (options.cents) {
    await t.db.insert(wallets).values({ userId: user.id, balanceCents: options.cents })
    await t.db.insert(walletTransactions).values({
      userId: user.id,
      type: 'topup',
      method: 'crypto',
      amountCents: options.cents,
      chargeId: `ch_${randomUUID()}`,
    })
  }
  const token = await createSession(t.db, user.id)
  return { id: user.id, token, auth: { authorization: `Bearer ${token}` } }
}

let adsWritten = 0

/**
 * A valid ad. Each one's description ends in its own reference number: two ads with the same words
 * are one ad posted twice, and a copy of a held or removed ad is held (docs/decisions/042-holds-that-hold.md).
 */
export function adBody(overrides: Partial<AdWriteInput> = {}): AdWriteInput {
  adsWritten += 1
  return {
    title: 'Vintage silk robe',
    category: 'adult-buy-sell',
    province: 'QC',
    city: 'Montréal',
    price: 45,
    priceUnit: 'per_unit',
    description: `Barely worn, from a smoke-free home. Ref. ${adsWritten}`,
    contact: { phone: '514-555-0100', email: 'seller@example.com', website: '', handle: '@robe' },
    contactPlatform: 'instagram',
    ...overrides,
  }
}

export async function createAd(
  t: TestApp,
  m: Member,
  overrides: Partial<AdWriteInput> = {},
): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `/api${AdsPaths.list}`,
    headers: m.auth,
    payload: adBody(overrides),
  })
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`)
  return res.json<{ id: string }>().id
}

export function payFee(t: TestApp, m: Member, type: 'post' | 'bump', listingId: string) {
  return t.app.inject({
    method: 'POST',
    url: '/api/wallet/pay',
    headers: m.auth,
    payload: { type, listingId },
  })
}

/** Creates an ad and pays its posting fee from a wallet funded for it; returns the live ad's id. */
export async function liveAd(t: TestApp, m: Member, overrides: Partial<AdWriteInput> = {}): Promise<string> {
  const id = await createAd(t, m, overrides)
  await t.db
    .insert(wallets)
    .values({ userId: m.id, balanceCents: 200 })
    .onConflictDoUpdate({ target: wallets.userId, set: { balanceCents: sql`${wallets.balanceCents} + 200` } })
  const paid = await payFee(t, m, 'post', id)
  if (paid.statusCode !== 200) throw new Error(`pay failed: ${paid.statusCode} ${paid.body}`)
  return id
}

/** Moves an ad's expiry into the past, as if its lifetime had run out. */
export async function expire(t: TestApp, id: string): Promise<void> {
  await t.db.update(ads).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(ads.id, id))
  // a write behind the services' back: the cached public answers must not outlive it (decision 015)
  changed(t.db, 'ads')
}

export async function adRow(t: TestApp, id: string) {
  const [row] = await t.db.select().from(ads).where(eq(ads.id, id))
  return row
}
