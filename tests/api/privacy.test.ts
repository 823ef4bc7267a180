// Privacy rights (docs/decisions/034-privacy-and-retention.md): "Download my data" is one zip of
// everything the server keeps about the user; "Delete my account" takes their ads and media out of
// public view and storage at once, ends their sessions, frees their email, and keeps the wallet
// ledger only under a pseudonym.
import { eq, isNotNull } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { beforeAll, describe, expect, it } from 'vitest'
import { PrivacyPaths } from '#domain/api/privacy.ts'
import { ReportPaths } from '#domain/api/reports.ts'
import { media } from '#server/db/schema/media.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { adminAudit, adReports } from '#server/db/schema/reports.ts'
import { sessions } from '#server/db/schema/sessions.ts'
import { users } from '#server/db/schema/users.ts'
import { walletTransactions } from '#server/db/schema/wallet.ts'
import { refusal } from '#server/errors.ts'
import { hashPassword } from '#server/services/accounts/passwords.ts'
import { liveAd, type Member, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { jpeg, served, storedFiles, tempDir, uploaded } from '#tests/support/media.ts'
import { adminAuth, decidePhoto } from '#tests/support/verification.ts'

let mediaDir = ''
beforeAll(() => {
  mediaDir = tempDir('maple-privacy-media-')
})
const api = setupTestApp(() => ({ MEDIA_DIR: mediaDir }))

const PASSWORD = 'correct horse battery staple'

/** A member who knows their password, with $5 topped up by a crypto charge. */
async function person(): Promise<Member & { email: string }> {
  const m = await member(api.t, { cents: 500 })
  const [row] = await api.t.db
    .update(users)
    .set({ passwordHash: await hashPassword(PASSWORD) })
    .where(eq(users.id, m.id))
    .returning({ email: users.email })
  await api.t.db.insert(cryptoCharges).values({
    id: `chg_${m.id}`,
    userId: m.id,
    provider: 'sandbox',
    providerInvoiceId: `inv_${m.id}`,
    chargeType: 'post',
    amountCents: 200,
    description: 'Post: my private title',
    draft: { title: 'my private title' },
    hostedUrl: 'http://localhost/pay',
    status: 'COMPLETED',
  })
  return { ...m, email: row?.email ?? '' }
}

function deleteAccount(m: Member, password: string) {
  return api.t.app.inject({
    method: 'DELETE',
    url: `/api${PrivacyPaths.account}`,
    headers: m.auth,
    payload: { password },
  })
}

function reportAs(m: Member, id: string) {
  return api.t.app.inject({
    method: 'POST',
    url: `/api${ReportPaths.report(id)}`,
    headers: m.auth,
    payload: { reason: 'spam', details: 'copied photos' },
  })
}

const readJson = (files: Record<string, Uint8Array>, name: string) =>
  JSON.parse(Buffer.from(files[`maple-after-dark-data/${name}`] ?? []).toString('utf8'))

describe('downloading my data', () => {
  it('gives one zip with the account, the ads with their photos, the whole ledger, the payments and the reports made', async () => {
    const me = await person()
    const photo = await uploaded(api.t, me, await jpeg(1600, 1200))
    const ad = await liveAd(api.t, me, { title: 'My own robe', images: [photo.id] })
    const stranger = await person()
    const theirs = await liveAd(api.t, stranger, { title: 'Someone else' })
    expect((await reportAs(me, theirs)).statusCode).toBe(200)

    const res = await api.t.app.inject({ method: 'GET', url: `/api${PrivacyPaths.export}`, headers: me.auth })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="maple-after-dark-data-\d{4}-\d{2}-\d{2}\.zip"$/,
    )
    expect(res.headers['cache-control']).toBe('no-store')
    const files = unzipSync(new Uint8Array(res.rawPayload))

    expect(readJson(files, 'account.json')).toMatchObject({ id: me.id, email: me.email })
    const { ads } = readJson(files, 'ads.json')
    expect(ads).toHaveLength(1)
    expect(ads[0]).toMatchObject({
      id: ad,
      title: 'My own robe',
      status: 'live',
      contact: { phone: '514-555-0100', handle: '@robe' },
      photos: [`media/${photo.id}.webp`],
    })
    expect(ads[0].history.map((e: { kind: string }) => e.kind)).toEqual(['created', 'published'])
    // the photo's largest stored size, byte for byte what the site serves at 1280 px
    const stored = files[`maple-after-dark-data/media/${photo.id}.webp`]
    const large = await served(api.t, photo.url.replace('/640.webp', '/1280.webp'), me.auth)
    expect(Buffer.from(stored ?? []).equals(large.rawPayload)).toBe(true)

    const wallet = readJson(files, 'wallet.json')
    // the top-up and the posting fee, oldest first, and what is left
    expect(
      wallet.transactions.map((t: { type: string; amount_cad: number }) => [t.type, t.amount_cad]),
    ).toEqual([
      ['topup', 5],
      ['post', 2],
    ])
    expect(wallet.balance_cad).toBe(5)
    expect(readJson(files, 'payments.json').charges).toMatchObject([{ id: `chg_${me.id}`, amount_cad: 2 }])
    expect(readJson(files, 'reports.json').reports).toMatchObject([
      { ad: theirs, reason: 'spam', details: 'copied photos', outcome: 'open' },
    ])
    // nothing of the other person: not their ad, not who reported what of ours
    const all = Object.values(files)
      .map((bytes) => Buffer.from(bytes).toString('latin1'))
      .join('\n')
    expect(all).not.toContain('Someone else')
    expect(all).not.toContain(stranger.email)
  })

  it('names a refused photo with its reason and no file, so ads.json and media/ agree', async () => {
    const me = await person()
    const [kept, refused] = [
      await uploaded(api.t, me, await jpeg(400, 300, 71)),
      await uploaded(api.t, me, await jpeg(400, 300, 72)),
    ]
    await liveAd(api.t, me, { title: 'Two photos', images: [kept.id, refused.id] })
    const admin = await adminAuth(api.t)
    expect(
      (await decidePhoto(api.t, admin, refused.id, 'refuse', 'Not the person in the ad')).statusCode,
    ).toBe(204)

    const res = await api.t.app.inject({ method: 'GET', url: `/api${PrivacyPaths.export}`, headers: me.auth })
    expect(res.statusCode).toBe(200)
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const { ads, uploads } = readJson(files, 'ads.json')
    expect(ads[0].photos).toEqual([`media/${kept.id}.webp`])
    expect(ads[0].refusedPhotos).toEqual([
      { id: refused.id, reason: 'Not the person in the ad', refusedAt: expect.any(String) },
    ])
    expect(uploads).toContainEqual(
      expect.objectContaining({
        id: refused.id,
        review: 'refused',
        refusalReason: 'Not the person in the ad',
        file: null,
      }),
    )
    // every file ads.json points to is in the archive, and the archive holds no other media
    const media = Object.keys(files).filter((name) => name.startsWith('maple-after-dark-data/media/'))
    const named = uploads.flatMap((u: { file: string | null }) => (u.file === null ? [] : [u.file]))
    expect(media.sort()).toEqual(named.map((f: string) => `maple-after-dark-data/${f}`).sort())
    for (const photo of ads[0].photos) expect(named).toContain(photo)
  })

  it('is refused without a session', async () => {
    const res = await api.t.app.inject({ method: 'GET', url: `/api${PrivacyPaths.export}` })
    expect(res.statusCode).toBe(401)
  })
})

describe('deleting my account', () => {
  it('refuses a wrong password with 400 and changes nothing', async () => {
    const me = await person()
    const ad = await liveAd(api.t, me)
    const res = await deleteAccount(me, 'not my password')
    expect(res.statusCode).toBe(400)
    expect(res.json().detail).toBe(refusal('privacy.wrong_password').detail)
    expect((await api.t.app.inject({ method: 'GET', url: `/api/ads/${ad}` })).statusCode).toBe(200)
    expect((await api.t.app.inject({ method: 'GET', url: '/api/wallet', headers: me.auth })).statusCode).toBe(
      200,
    )
  })

  it('takes the ads and media out of public view and storage at once, ends every session and frees the email', async () => {
    // files earlier tests of this file left (reset() empties tables, not the disk)
    const earlier = storedFiles(mediaDir)
    const me = await person()
    const photo = await uploaded(api.t, me, await jpeg(500, 400, 3))
    const ad = await liveAd(api.t, me, { title: 'Soon gone', images: [photo.id] })
    const loose = await uploaded(api.t, me, await jpeg(300, 200, 4))
    // reviewed first: a new advertiser's photo shows only then (docs/decisions/032-photo-review.md)
    await api.t.db.update(media).set({ review: 'approved' }).where(eq(media.id, photo.id))
    expect((await served(api.t, photo.url)).statusCode).toBe(200)
    expect(storedFiles(mediaDir).length).toBeGreaterThan(earlier.length)

    expect((await deleteAccount(me, PASSWORD)).statusCode).toBe(204)

    expect((await api.t.app.inject({ method: 'GET', url: `/api/ads/${ad}` })).statusCode).toBe(404)
    const listed = (await api.t.app.inject({ method: 'GET', url: '/api/ads?q=Soon%20gone' })).json()
    expect(listed.items).toEqual([])
    for (const url of [photo.url, loose.url]) expect((await served(api.t, url)).statusCode).toBe(404)
    expect(storedFiles(mediaDir).sort()).toEqual(earlier.sort())
    expect((await api.t.app.inject({ method: 'GET', url: '/api/wallet', headers: me.auth })).statusCode).toBe(
      401,
    )
    expect(await api.t.db.select().from(sessions).where(eq(sessions.userId, me.id))).toEqual([])

    // the same email can sign up again
    const again = await api.t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: me.email, password: 'a brand new passphrase' },
    })
    expect(again.statusCode).toBe(201)
    // the account is made after the answer (accounts.ts, register)
    await api.t.app.afterAnswer.settled()
    const [fresh] = await api.t.db.select().from(users).where(eq(users.email, me.email))
    expect(fresh).toBeDefined()
    expect(fresh?.id).not.toBe(me.id)
    expect(fresh?.emailVerifiedAt).toBeNull()
  })

  it('keeps the ledger and charges under a pseudonym, without the email or free text, and the reports made', async () => {
    const me = await person()
    await liveAd(api.t, me)
    const other = await person()
    const theirs = await liveAd(api.t, other)
    await reportAs(me, theirs)

    expect((await deleteAccount(me, PASSWORD)).statusCode).toBe(204)

    expect(await api.t.db.select().from(users).where(eq(users.id, me.id))).toEqual([])
    const ledger = await api.t.db.select().from(walletTransactions).where(eq(walletTransactions.type, 'post'))
    const kept = ledger.filter((row) => row.userId !== other.id)
    expect(kept).toHaveLength(1)
    const pseudonym = kept[0]?.userId ?? ''
    const [holder] = await api.t.db.select().from(users).where(eq(users.id, pseudonym))
    expect(holder?.email).toBe(`deleted-${pseudonym}@deleted.invalid`)
    expect(holder?.deletedAt).toBeInstanceOf(Date)
    expect(
      (await api.t.db.select().from(walletTransactions).where(eq(walletTransactions.userId, pseudonym))).map(
        (row) => [row.type, row.amountCents],
      ),
    ).toEqual(
      expect.arrayContaining([
        ['topup', 500],
        ['post', 200],
      ]),
    )
    const [charge] = await api.t.db
      .select()
      .from(cryptoCharges)
      .where(eq(cryptoCharges.id, `chg_${me.id}`))
    expect(charge).toMatchObject({ userId: pseudonym, amountCents: 200, draft: null, description: 'post' })
    const [kept_report] = await api.t.db.select().from(adReports).where(eq(adReports.adId, theirs))
    // the link to the person goes; the keyed hashes of the address and e-mail stay (042)
    expect(kept_report).toMatchObject({
      reporter: `user:${pseudonym}`,
      address: api.t.app.reporterKeys.address('127.0.0.1'),
      emailHash: api.t.app.reporterKeys.email(me.email),
    })
    // nobody signs in as the pseudonym
    const login = await api.t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: holder?.email, password: '' },
    })
    expect(login.statusCode).toBe(400)
    const audit = (await api.t.app.inject({ method: 'GET', url: '/api/admin/audit' })).statusCode
    expect(audit).toBe(401)
  })

  it('deletes once when four deletions race with one token: the others 404, one pseudonym, one audit row', async () => {
    const me = await person()
    const answers = await Promise.all(Array.from({ length: 4 }, () => deleteAccount(me, PASSWORD)))
    const codes = answers.map((a) => a.statusCode).sort()
    expect(codes[0]).toBe(204)
    expect(codes.slice(1).every((code) => code === 404 || code === 401)).toBe(true)
    expect(codes.filter((code) => code === 204)).toHaveLength(1)
    const refused = answers.find((a) => a.statusCode === 404)
    if (refused) expect(refused.json()).toMatchObject({ code: 'privacy.account_gone' })
    const audit = await api.t.db.select().from(adminAudit).where(eq(adminAudit.action, 'account_deleted'))
    expect(audit).toHaveLength(1)
    const pseudonyms = await api.t.db.select().from(users).where(isNotNull(users.deletedAt))
    expect(pseudonyms).toHaveLength(1)
  })

  it('answers 401 without a session', async () => {
    const res = await api.t.app.inject({
      method: 'DELETE',
      url: `/api${PrivacyPaths.account}`,
      payload: { password: 'x' },
    })
    expect(res.statusCode).toBe(401)
  })
})
