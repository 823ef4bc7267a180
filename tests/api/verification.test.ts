import { rmSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { users } from '#server/db/schema/users.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { createAd, liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { exifTags, fakeMp4, jpeg, jpegWithGps, storedFiles, tempDir, uploaded } from '#tests/support/media.ts'
import {
  adminAuth,
  askVerification,
  decide,
  myVerification,
  verificationQueue,
} from '#tests/support/verification.ts'

let t: TestApp
const mediaDir = tempDir('maple-verification-test-')

beforeAll(async () => {
  t = await createTestApp({ MEDIA_DIR: mediaDir })
})
afterAll(() => {
  rmSync(mediaDir, { recursive: true, force: true })
  return t.close()
})
beforeEach(async () => {
  await t.reset()
  rmSync(mediaDir, { recursive: true, force: true })
})

const privateFiles = () => storedFiles(mediaDir).filter((name) => name.startsWith('private-'))
const listing = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/ads${query}` })).json()
const publicAd = async (id: string) => (await t.app.inject({ method: 'GET', url: `/api/ads/${id}` })).json()

/** An advertiser with a request waiting: returns them and the request's id. */
async function pendingRequest() {
  const advertiser = await member(t)
  const { code } = await myVerification(t, advertiser)
  const res = await askVerification(t, advertiser, [
    { name: 'code', value: code },
    { name: 'photo', file: await jpegWithGps() },
    { name: 'photo2', file: await jpeg(500, 400, 3) },
  ])
  expect(res.statusCode, res.body).toBe(202)
  const queued = (await verificationQueue(t, await adminAuth(t))).find((r) => r.userId === advertiser.id)
  if (!queued) throw new Error('request not queued')
  return { advertiser, request: queued }
}

describe('asking to be verified', () => {
  it('shows a one-time code that stays until a request uses it, then a new one', async () => {
    const advertiser = await member(t)
    const first = await myVerification(t, advertiser)
    expect(first.status).toBe('none')
    expect(first.code).toMatch(/^[A-Z2-9]{6}$/)
    expect((await myVerification(t, advertiser)).code).toBe(first.code)

    const res = await askVerification(t, advertiser, [
      { name: 'code', value: first.code.toLowerCase() },
      { name: 'photo', file: await jpeg(400, 300) },
    ])
    expect(res.statusCode, res.body).toBe(202)
    const after = await myVerification(t, advertiser)
    expect(after.status).toBe('pending')
    expect(after.code).not.toBe(first.code)
  })

  it('refuses a wrong code, a request without a photo, a video and a second request, storing nothing', async () => {
    const advertiser = await member(t)
    const { code } = await myVerification(t, advertiser)
    const wrong = await askVerification(t, advertiser, [
      { name: 'code', value: 'ZZZZZZ' },
      { name: 'photo', file: await jpeg(400, 300) },
    ])
    expect(wrong.statusCode).toBe(422)
    expect(wrong.json().detail).toMatch(/code/)
    const none = await askVerification(t, advertiser, [{ name: 'code', value: code }])
    expect(none.statusCode).toBe(400)
    const video = await askVerification(t, advertiser, [
      { name: 'code', value: code },
      { name: 'photo', file: fakeMp4(), filename: 'me.mp4', type: 'video/mp4' },
    ])
    expect(video.statusCode).toBe(415)
    const signedOut = await t.app.inject({ method: 'POST', url: '/api/account/verification' })
    expect(signedOut.statusCode).toBe(401)
    expect(privateFiles()).toEqual([])

    await askVerification(t, advertiser, [
      { name: 'code', value: code },
      { name: 'photo', file: await jpeg(400, 300) },
    ])
    const again = await askVerification(t, advertiser, [
      { name: 'code', value: (await myVerification(t, advertiser)).code },
      { name: 'photo', file: await jpeg(400, 300, 9) },
    ])
    expect(again.statusCode).toBe(409)
    expect(privateFiles()).toHaveLength(1)
  })
})

describe('the verification photos', () => {
  it('are never served to anyone but an admin, and carry no metadata', async () => {
    const { advertiser, request } = await pendingRequest()
    expect(request.photos).toHaveLength(2)
    const url = request.photos[0] ?? ''
    const someoneElse = await member(t)
    for (const headers of [{}, { authorization: 'Bearer nope' }])
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(401)
    // signed in, but not an admin (plugins/auth.ts)
    for (const headers of [advertiser.auth, someoneElse.auth])
      expect((await t.app.inject({ method: 'GET', url, headers })).statusCode).toBe(403)
    const res = await t.app.inject({ method: 'GET', url, headers: await adminAuth(t) })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/webp')
    expect(res.headers['cache-control']).toBe('private, no-store')
    const tags = exifTags(res.rawPayload)
    expect(tags.GPSLatitude).toBeUndefined()
    expect(tags.Artist).toBeUndefined()
    // no /media URL reaches them: those answer from media rows only
    const [file] = privateFiles()
    expect((await t.app.inject({ method: 'GET', url: `/media/${file}/640.webp` })).statusCode).toBe(404)
  })

  it('are gone from storage once refused, and the advertiser reads the reason', async () => {
    const { advertiser, request } = await pendingRequest()
    const admin = await adminAuth(t)
    expect(privateFiles()).toHaveLength(2)
    expect((await decide(t, admin, request.id, 'refuse')).statusCode).toBe(400)
    const refused = await decide(t, admin, request.id, 'refuse', 'The code is not readable in the photo')
    expect(refused.statusCode, refused.body).toBe(204)
    expect(privateFiles()).toEqual([])
    expect(
      (await t.app.inject({ method: 'GET', url: request.photos[0] ?? '', headers: admin })).statusCode,
    ).toBe(404)
    expect(await myVerification(t, advertiser)).toMatchObject({
      status: 'refused',
      reason: 'The code is not readable in the photo',
    })
    expect((await decide(t, admin, request.id, 'approve')).statusCode).toBe(409)
  })
})

describe('an approved advertiser', () => {
  it('has Verified on every live and future ad, the filter finds them, and the audit log says who decided', async () => {
    const { advertiser, request } = await pendingRequest()
    const other = await member(t)
    const before = await liveAd(t, advertiser, { title: 'Before approval' })
    await liveAd(t, other, { title: 'Not verified' })
    // the cached listing answers must not outlive the decision (docs/decisions/020-answer-cache.md)
    expect((await listing('?verified=true')).total).toBe(0)
    expect((await publicAd(before)).verified).toBe(false)

    const admin = await adminAuth(t)
    expect((await decide(t, admin, request.id, 'approve')).statusCode).toBe(204)
    expect(privateFiles()).toEqual([])
    expect((await publicAd(before)).verified).toBe(true)
    const after = await liveAd(t, advertiser, { title: 'After approval' })
    const verified = await listing('?verified=true')
    expect(verified.items.map((ad: { title: string }) => ad.title).sort()).toEqual([
      'After approval',
      'Before approval',
    ])
    expect(verified.items.every((ad: { verified: boolean }) => ad.verified)).toBe(true)
    expect((await listing()).total).toBe(3)
    expect((await publicAd(after)).verified).toBe(true)
    expect((await myVerification(t, advertiser)).status).toBe('approved')

    const audit = (await t.app.inject({ method: 'GET', url: '/api/admin/audit', headers: admin })).json()
    expect(audit.items[0]).toMatchObject({
      admin: 'boss',
      action: 'verification_approved',
      target: `user:${advertiser.id}`,
    })
    expect(Date.parse(audit.items[0].at)).not.toBeNaN()
  })

  it('keeps the badge through a photo edit and loses it at once when an admin revokes it', async () => {
    const { advertiser, request } = await pendingRequest()
    const admin = await adminAuth(t)
    const id = await liveAd(t, advertiser)
    await decide(t, admin, request.id, 'approve')
    const photo = await uploaded(t, advertiser, await jpeg(300, 200, 4))
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/ads/${id}`,
      headers: advertiser.auth,
      payload: { images: [photo.id] },
    })
    expect(edited.statusCode).toBe(200)
    expect((await publicAd(id)).verified).toBe(true)
    expect((await listing('?verified=true')).total).toBe(1)

    // the admin finds the verified account by part of its email, to revoke it
    const verified = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/verifications?status=approved${query}`,
        headers: admin,
      })
      expect(res.statusCode, res.body).toBe(200)
      return res.json<{ items: { id: number; userId: string; status: string; decidedAt: string }[] }>().items
    }
    const email = (
      await t.db.select({ email: users.email }).from(users).where(eq(users.id, advertiser.id))
    )[0]?.email
    expect(await verified('')).toMatchObject([
      { id: request.id, userId: advertiser.id, status: 'approved', decidedAt: expect.any(String) },
    ])
    expect(await verified(`&email=${encodeURIComponent(email?.slice(0, 5) ?? '')}`)).toHaveLength(1)
    expect(await verified('&email=%25_nobody%25')).toEqual([])
    expect(await verificationQueue(t, admin)).toEqual([])

    expect((await decide(t, admin, request.id, 'revoke')).statusCode).toBe(400)
    expect((await decide(t, admin, request.id, 'revoke', 'Photos of someone else')).statusCode).toBe(204)
    expect((await publicAd(id)).verified).toBe(false)
    expect((await listing('?verified=true')).total).toBe(0)
    expect(await verified('')).toEqual([])
    expect(await myVerification(t, advertiser)).toMatchObject({
      status: 'refused',
      reason: 'Photos of someone else',
    })
    // an ad made now is not verified either
    const next = await createAd(t, advertiser)
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: advertiser.auth })
    ).json()
    expect(mine.items.find((ad: { id: string }) => ad.id === next).verified).toBe(false)
  })

  it('lists waiting requests beside the account’s ad photos, to admins only', async () => {
    const advertiser = await member(t, { trusted: false })
    const photo = await uploaded(t, advertiser, await jpeg(300, 200, 5))
    await liveAd(t, advertiser, { images: [photo.id] })
    const { code } = await myVerification(t, advertiser)
    await askVerification(t, advertiser, [
      { name: 'code', value: code },
      { name: 'photo', file: await jpeg(400, 300) },
    ])
    const [queued] = await verificationQueue(t, await adminAuth(t))
    expect(queued).toMatchObject({ userId: advertiser.id, code, adPhotos: [photo.url] })
    const denied = await t.app.inject({
      method: 'GET',
      url: '/api/admin/verifications',
      headers: advertiser.auth,
    })
    expect(denied.statusCode).toBe(403)
    const token = await createAdminSession(t.db, 'boss')
    const unknown = await decide(t, { authorization: `Bearer ${token}` }, 999_999, 'approve')
    expect(unknown.statusCode).toBe(404)
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/admin/verifications/abc/approve',
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    })
    expect(bad.statusCode).toBe(400)
    const badStatus = await t.app.inject({
      method: 'GET',
      url: '/api/admin/verifications?status=refused',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(badStatus.statusCode).toBe(400)
  })
})
