import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { SharedContactListSchema, SharedContactPaths, SuspensionSchema } from '#domain/api/shared-contacts.ts'
import { ads } from '#server/db/schema/ads.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { adminAudit } from '#server/db/schema/reports.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { adminActor, holdAds } from '#server/services/reports/holds.ts'
import { createAd, liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { adminAuth } from '#tests/support/verification.ts'
import { balanceCents } from '#tests/support/wallet.ts'

// One person, one account (docs/decisions/055-shared-contacts.md): a contact in the ads of more than
// one account is queued for an admin, who dismisses it or suspends an account; a suspension holds the
// account's ads and ends its sessions, and lifting it gives back only what it took.

const api = setupTestApp()

let unique = 0
/** Contacts nobody else in this file uses, so each test reads only its own matches. */
function contacts(overrides: { phone?: string; email?: string; handle?: string } = {}) {
  unique += 1
  return {
    contact: {
      phone: overrides.phone ?? `613-555-${String(1000 + unique)}`,
      email: overrides.email ?? `own${unique}@example.com`,
      website: '',
      handle: overrides.handle ?? `@own${unique}`,
    },
  }
}

async function queue(auth: { authorization: string }) {
  const res = await api.t.app.inject({ method: 'GET', url: `/api${SharedContactPaths.queue}`, headers: auth })
  expect(res.statusCode).toBe(200)
  return SharedContactListSchema.parse(res.json()).items
}

function suspend(
  auth: { authorization: string },
  m: Pick<Member, 'id'>,
  reason = 'same person as another account',
  lifted = false,
) {
  return api.t.app.inject({
    method: 'POST',
    url: `/api${lifted ? SharedContactPaths.unsuspend(m.id) : SharedContactPaths.suspend(m.id)}`,
    headers: auth,
    payload: { reason },
  })
}

const statusOf = async (id: string) =>
  (
    await api.t.db.select({ status: ads.status, category: ads.holdCategory }).from(ads).where(eq(ads.id, id))
  )[0]

describe('the shared contacts queue', () => {
  it('finds one phone number written two ways in two accounts’ ads and shows both accounts side by side', async () => {
    const admin = await adminAuth(api.t)
    const first = await member(api.t)
    const second = await member(api.t)
    const stranger = await member(api.t)
    const firstAd = await liveAd(api.t, first, {
      title: 'First desk',
      ...contacts({ phone: '(514) 555-0199' }),
    })
    await liveAd(api.t, second, { title: 'Second desk', ...contacts({ phone: '+1 514 555 0199' }) })
    await liveAd(api.t, stranger, contacts())

    const items = await queue(admin)
    const phone = items.find((item) => item.kind === 'phone' && item.contact === '5145550199')
    expect(phone?.accounts.map((a) => a.id).sort()).toEqual([first.id, second.id].sort())
    const firstSide = phone?.accounts.find((a) => a.id === first.id)
    expect(firstSide).toMatchObject({ adsWithContact: 1, verified: false, suspendedAt: null })
    expect(firstSide?.ads).toEqual([{ id: firstAd, title: 'First desk', status: 'live' }])
    // nothing else of theirs matches, and the stranger is in no match of theirs
    const ours = items.filter((item) => item.accounts.some((a) => a.id === first.id))
    expect(ours).toHaveLength(1)
    expect(items.some((item) => item.accounts.some((a) => a.id === stranger.id))).toBe(false)
  })

  it('matches e-mails without case and handles without their @', async () => {
    const admin = await adminAuth(api.t)
    const first = await member(api.t)
    const second = await member(api.t)
    await liveAd(api.t, first, contacts({ email: 'Shared.Desk@Example.com', handle: '@DeskShared' }))
    await liveAd(api.t, second, contacts({ email: 'shared.desk@example.com', handle: 'deskshared' }))
    const items = await queue(admin)
    expect(
      items.find((i) => i.kind === 'email' && i.contact === 'shared.desk@example.com')?.accounts,
    ).toHaveLength(2)
    expect(items.find((i) => i.kind === 'handle' && i.contact === 'deskshared')?.accounts).toHaveLength(2)
  })

  it('leaves out a dismissed contact until a further account shares it', async () => {
    const admin = await adminAuth(api.t)
    const [a, b, c] = [await member(api.t), await member(api.t), await member(api.t)]
    await liveAd(api.t, a, contacts({ phone: '416-555-0142' }))
    await liveAd(api.t, b, contacts({ phone: '416 555 0142' }))
    const dismiss = (contact: string) =>
      api.t.app.inject({
        method: 'POST',
        url: `/api${SharedContactPaths.dismiss}`,
        headers: admin,
        payload: { kind: 'phone', contact, reason: 'one clinic’s front desk' },
      })
    expect((await dismiss('(416) 555-0142')).statusCode).toBe(204)
    expect((await dismiss('416-555-0142')).statusCode).toBe(204)
    expect((await queue(admin)).some((i) => i.contact === '4165550142')).toBe(false)
    const audit = await api.t.db
      .select()
      .from(adminAudit)
      .where(
        and(eq(adminAudit.action, 'shared_contact_dismissed'), eq(adminAudit.target, 'phone:4165550142')),
      )
    expect(audit[0]).toMatchObject({ admin: 'boss', reason: 'one clinic’s front desk' })

    await liveAd(api.t, c, contacts({ phone: '4165550142' }))
    const back = (await queue(admin)).find((i) => i.contact === '4165550142')
    expect(back?.accounts.map((x) => x.id).sort()).toEqual([a.id, b.id, c.id].sort())
    // a contact nobody shares cannot be dismissed
    expect((await dismiss('999-555-0000')).statusCode).toBe(404)
  })

  // as every admin route: a member's token is no admin session (plugins/auth.ts)
  it('answers 401 without a session and 403 to a member’s token on every route', async () => {
    const m = await member(api.t)
    const routes = [
      { method: 'GET' as const, url: `/api${SharedContactPaths.queue}` },
      {
        method: 'POST' as const,
        url: `/api${SharedContactPaths.dismiss}`,
        payload: { kind: 'phone', contact: '1' },
      },
      { method: 'POST' as const, url: `/api${SharedContactPaths.suspend(m.id)}`, payload: { reason: 'x' } },
      { method: 'POST' as const, url: `/api${SharedContactPaths.unsuspend(m.id)}`, payload: { reason: 'x' } },
    ]
    for (const route of routes) {
      expect((await api.t.app.inject(route)).statusCode).toBe(401)
      expect((await api.t.app.inject({ ...route, headers: m.auth })).statusCode).toBe(403)
    }
  })
})

describe('suspending an account', () => {
  it('holds its listed ads, ends its sessions and refuses its sign-in; lifting it releases only those ads', async () => {
    const admin = await adminAuth(api.t)
    const password = 'a long and private passphrase'
    const email = `suspended-${Date.now()}@example.com`
    const owner = await member(api.t, { email, password })
    const [one, two, heldBefore] = [
      await liveAd(api.t, owner, contacts()),
      await liveAd(api.t, owner, contacts()),
      await liveAd(api.t, owner, contacts()),
    ]
    await api.t.db.transaction((tx) =>
      holdAds(tx, [heldBefore], { category: 'admin', why: 'checked apart', actor: adminActor('boss') }),
    )

    const done = await suspend(admin, owner)
    expect(done.statusCode).toBe(200)
    expect(SuspensionSchema.parse(done.json())).toMatchObject({ id: owner.id, ads: 2 })
    expect(await statusOf(one)).toEqual({ status: 'held', category: 'suspended' })
    expect(await statusOf(two)).toEqual({ status: 'held', category: 'suspended' })
    // the session it had is over, and signing in again is refused in the account's words
    const session = await api.t.app.inject({
      method: 'GET',
      url: '/api/account/favourites',
      headers: owner.auth,
    })
    expect(session.statusCode).toBe(401)
    const login = await api.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'accept-language': 'fr' },
      payload: { email, password },
    })
    expect(login.statusCode).toBe(403)
    expect(login.json()).toMatchObject({ code: 'auth.account_suspended' })
    expect(login.json().detail).toContain('suspendu')
    // the ads are out of the listing
    const listed = await api.t.app.inject({ method: 'GET', url: `/api/ads/${one}` })
    expect(listed.statusCode).toBe(404)
    expect((await suspend(admin, owner)).statusCode).toBe(409)

    const lifted = await suspend(admin, owner, 'a different person after all', true)
    expect(lifted.statusCode).toBe(200)
    expect(lifted.json()).toMatchObject({ suspendedAt: null, ads: 2 })
    expect((await statusOf(one))?.status).toBe('live')
    expect((await statusOf(two))?.status).toBe('live')
    expect(await statusOf(heldBefore)).toEqual({ status: 'held', category: 'admin' })
    expect((await suspend(admin, owner, 'again', true)).statusCode).toBe(409)
    const relogin = await api.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
    })
    expect(relogin.statusCode).toBe(200)

    const audit = await api.t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `user:${owner.id}`))
    expect(audit.map((row) => row.action).sort()).toEqual(['account_suspended', 'account_unsuspended'])
  })

  it('says why a request is refused: no reason, an unknown account, a malformed id', async () => {
    const admin = await adminAuth(api.t)
    const m = await member(api.t)
    const empty = await suspend(admin, m, '   ')
    expect(empty.statusCode).toBe(400)
    expect(empty.json().issues).toEqual([
      expect.objectContaining({ field: 'reason', code: 'account.reason_required' }),
    ])
    expect((await suspend(admin, { id: '00000000-0000-4000-8000-000000000000' })).statusCode).toBe(404)
    expect((await suspend(admin, { id: 'not-an-id' })).statusCode).toBe(400)
  })

  it('holds each ad once when two admins suspend at the same moment', async () => {
    const admin = await adminAuth(api.t)
    const owner = await member(api.t)
    await liveAd(api.t, owner, contacts())
    const answers = await Promise.all([suspend(admin, owner), suspend(admin, owner)])
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409])
    const audit = await api.t.db
      .select()
      .from(adminAudit)
      .where(eq(adminAudit.target, `user:${owner.id}`))
    expect(audit.filter((row) => row.action === 'account_suspended')).toHaveLength(1)
  })

  it('publishes nothing when a crypto fee opened before the suspension settles after it: the money goes to the wallet', async () => {
    const admin = await adminAuth(api.t)
    const owner = await member(api.t)
    const draft = await createAd(api.t, owner)
    const opened = await api.t.app.inject({
      method: 'POST',
      url: '/api/payments/crypto/charge',
      headers: owner.auth,
      payload: { chargeType: 'post', listingId: draft },
    })
    expect(opened.statusCode).toBe(200)
    expect((await suspend(admin, owner)).statusCode).toBe(200)
    const [charge] = await api.t.db
      .select()
      .from(cryptoCharges)
      .where(eq(cryptoCharges.id, opened.json<{ charge_id: string }>().charge_id))
    if (!charge) throw new Error('no charge')
    const { PUBLIC_URL, SANDBOX_WEBHOOK_SECRET } = api.t.config
    await new SandboxProvider(api.t.db, PUBLIC_URL, SANDBOX_WEBHOOK_SECRET).simulate(
      charge.providerInvoiceId,
      'COMPLETED',
    )
    // the status poll is what fulfils a settled charge without its webhook
    const status = await api.t.app.inject({
      method: 'GET',
      url: `/api/payments/crypto/charge/${charge.id}/status`,
    })
    expect(status.statusCode).toBe(200)
    expect((await statusOf(draft))?.status).toBe('pending_payment')
    expect(await balanceCents(api.t, owner.id)).toBe(charge.amountCents)
  })
})
