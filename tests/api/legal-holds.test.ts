// Preserve, then report (docs/decisions/057-legal-holds.md): a legal hold seals an ad and its account
// apart from the live tables; the account's deletion and the retention job leave the sealed copy,
// which an admin downloads as one zip, and releases with a reason. Each step is audited.
import { eq } from 'drizzle-orm'
import { unzipSync } from 'fflate'
import { describe, expect, it } from 'vitest'
import { LegalHoldPaths } from '#domain/api/legal-holds.ts'
import { PrivacyPaths } from '#domain/api/privacy.ts'
import { legalHolds } from '#server/db/schema/legal-holds.ts'
import { media } from '#server/db/schema/media.ts'
import { adminAudit } from '#server/db/schema/reports.ts'
import { users } from '#server/db/schema/users.ts'
import { UNDERAGE_HOLD_REASON } from '#server/services/legal-holds/underage.ts'
import { runRetention } from '#server/services/privacy/retention.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { jpeg, uploaded } from '#tests/support/media.ts'
import { DAY_MS, setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, report, adminAuth, admin } = setupHoldsApp()
const PASSWORD = 'correct horse battery staple'

function place(body: Record<string, unknown>, headers?: Record<string, string>) {
  return api.t.app.inject({ method: 'POST', url: `/api${LegalHoldPaths.list}`, headers, payload: body })
}

async function archiveOf(id: string) {
  return api.t.app.inject({
    method: 'GET',
    url: `/api${LegalHoldPaths.archive(id)}`,
    headers: await adminAuth(),
  })
}

async function auditOf(holdId: string) {
  const rows = await api.t.db.select().from(adminAudit)
  return rows.filter((r) => r.target.includes(`legal_hold:${holdId}`)).map((r) => r.action)
}

async function bytesOf(key: string): Promise<Buffer> {
  const stream = await api.t.app.mediaLibrary.store.read(key)
  if (!stream) throw new Error(`no file ${key}`)
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

describe('legal holds', () => {
  it("keep the ad's photo and the account's e-mail after the account is deleted and the retention job runs", async () => {
    const owner = await member(api.t, { password: PASSWORD })
    const [account] = await api.t.db.select().from(users).where(eq(users.id, owner.id))
    const photo = await uploaded(api.t, owner, await jpeg(400, 300))
    const id = await liveAd(api.t, owner, {
      images: [photo.id],
      contact: { phone: '514-555-0199', email: '', website: '', handle: '' },
    })
    const [row] = await api.t.db.select().from(media).where(eq(media.id, photo.id))
    const liveKey = row?.storageKeys.at(-1) ?? ''
    const photoBytes = await bytesOf(liveKey)

    const placed = await place(
      { adId: id, reason: 'Suspected minor', externalReference: 'CTIP-1' },
      await adminAuth(),
    )
    expect(placed.statusCode).toBe(201)
    const hold = placed.json()
    expect(hold).toMatchObject({
      adId: id,
      accountEmail: account?.email,
      externalReference: 'CTIP-1',
      files: 1,
    })
    expect(new Date(hold.keptUntil).getTime() - new Date(hold.placedAt).getTime()).toBe(365 * DAY_MS)

    const deleted = await api.t.app.inject({
      method: 'DELETE',
      url: `/api${PrivacyPaths.account}`,
      headers: owner.auth,
      payload: { password: PASSWORD },
    })
    expect(deleted.statusCode).toBe(204)
    // the user sees their account gone, and its live file goes as today
    expect(await api.t.db.select().from(users).where(eq(users.id, owner.id))).toEqual([])
    expect(await api.t.app.mediaLibrary.store.read(liveKey)).toBeNull()
    expect(await runRetention(api.t.db, new Date(Date.now() + 30 * DAY_MS))).not.toBeNull()

    const res = await archiveOf(hold.id)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('application/zip')
    const files = unzipSync(new Uint8Array(res.rawPayload))
    const folder = `legal-hold-${hold.id}`
    const sealedPhoto = files[`${folder}/media/${photo.id}.webp`]
    expect(sealedPhoto && Buffer.from(sealedPhoto).equals(photoBytes)).toBe(true)
    const accountJson = JSON.parse(Buffer.from(files[`${folder}/account.json`] ?? []).toString())
    expect(accountJson.identifiers.email).toBe(account?.email)
    expect(accountJson.identifiers.phones).toEqual(['514-555-0199'])
    expect(accountJson.account.passwordHash).toBeUndefined()
    for (const name of ['ad-versions.json', 'sign-ins.json', 'reports.json', 'payments.json', 'hold.json'])
      expect(files[`${folder}/${name}`]).toBeDefined()
    expect(await auditOf(hold.id)).toEqual(['legal_hold_placed', 'legal_hold_downloaded'])
  })

  it('record the external reference, and a release with a reason deletes the sealed copy and is audited', async () => {
    const owner = await member(api.t)
    const photo = await uploaded(api.t, owner, await jpeg(300, 200, 7))
    const id = await liveAd(api.t, owner, { images: [photo.id] })
    const hold = (await place({ adId: id, reason: 'Trafficking report' }, await adminAuth())).json()
    const [item] = await api.t.db.select().from(media).where(eq(media.id, photo.id))
    const patched = await api.t.app.inject({
      method: 'PATCH',
      url: `/api${LegalHoldPaths.hold(hold.id)}`,
      headers: await adminAuth(),
      payload: { externalReference: 'SPVM 2026-1234' },
    })
    expect(patched.statusCode).toBe(200)
    expect(patched.json().externalReference).toBe('SPVM 2026-1234')
    const list = await api.t.app.inject({
      method: 'GET',
      url: `/api${LegalHoldPaths.list}`,
      headers: await adminAuth(),
    })
    expect(list.json().items.find((h: { id: string }) => h.id === hold.id)).toMatchObject({
      externalReference: 'SPVM 2026-1234',
      releasedAt: null,
    })

    const noReason = await api.t.app.inject({
      method: 'POST',
      url: `/api${LegalHoldPaths.release(hold.id)}`,
      headers: await adminAuth(),
      payload: { reason: '  ' },
    })
    expect(noReason.statusCode).toBe(400)
    const released = await api.t.app.inject({
      method: 'POST',
      url: `/api${LegalHoldPaths.release(hold.id)}`,
      headers: await adminAuth(),
      payload: { reason: 'Police closed the file' },
    })
    expect(released.statusCode).toBe(200)
    expect(released.json()).toMatchObject({
      releasedBy: 'boss',
      releaseReason: 'Police closed the file',
      items: 0,
    })
    // the sealed copy is gone: the archive answers 409, the hold's own file is deleted, the live one stays
    const gone = await archiveOf(hold.id)
    expect(gone.statusCode).toBe(409)
    expect(gone.json().code).toBe('legal_hold.released')
    expect(await api.t.app.mediaLibrary.store.read(`legal-${item?.storageKeys.at(-1)}`)).toBeNull()
    expect(await api.t.app.mediaLibrary.store.read(item?.storageKeys.at(-1) ?? '')).not.toBeNull()
    expect(await auditOf(hold.id)).toEqual([
      'legal_hold_placed',
      'legal_hold_reference',
      'legal_hold_released',
    ])
    const again = await api.t.app.inject({
      method: 'POST',
      url: `/api${LegalHoldPaths.release(hold.id)}`,
      headers: await adminAuth(),
      payload: { reason: 'twice' },
    })
    expect(again.statusCode).toBe(409)
  })

  it('are placed by confirming an underage report, with no second admin action', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    // a signed-out report waits for an admin's confirmation (docs/decisions/042-holds-that-hold.md)
    expect((await report(id, 'underage')).statusCode).toBe(200)
    expect(await api.t.db.select().from(legalHolds).where(eq(legalHolds.adId, id))).toEqual([])
    expect((await admin('hold', id)).statusCode).toBe(204)
    const holds = await api.t.db.select().from(legalHolds).where(eq(legalHolds.adId, id))
    expect(holds.map((h) => [h.reason, h.placedBy, h.accountId])).toEqual([
      [UNDERAGE_HOLD_REASON, 'boss', owner.id],
    ])
    // removing it afterwards seals nothing twice
    expect((await admin('remove', id, 'minor')).statusCode).toBe(204)
    expect(await api.t.db.select().from(legalHolds).where(eq(legalHolds.adId, id))).toHaveLength(1)
  })

  it('are not placed by confirming a report of another reason', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner)
    expect((await report(id, 'spam')).statusCode).toBe(200)
    expect((await admin('remove', id, 'spam')).statusCode).toBe(204)
    expect(await api.t.db.select().from(legalHolds).where(eq(legalHolds.adId, id))).toEqual([])
  })

  it('answer 400 to bad input and 404 to an unknown ad or hold', async () => {
    const headers = await adminAuth()
    expect((await place({ adId: 'x', reason: '' }, headers)).statusCode).toBe(400)
    expect((await place({ reason: 'why' }, headers)).statusCode).toBe(400)
    expect((await place({ adId: 'nope', reason: 'why' }, headers)).statusCode).toBe(404)
    const unknown = '00000000-0000-4000-8000-000000000000'
    const routes = [
      { method: 'GET' as const, url: `/api${LegalHoldPaths.archive(unknown)}` },
      {
        method: 'PATCH' as const,
        url: `/api${LegalHoldPaths.hold(unknown)}`,
        payload: { externalReference: 'x' },
      },
      { method: 'POST' as const, url: `/api${LegalHoldPaths.release(unknown)}`, payload: { reason: 'x' } },
    ]
    for (const route of routes) {
      const res = await api.t.app.inject({ ...route, headers })
      expect(res.statusCode).toBe(404)
      expect(res.json().code).toBe('legal_hold.not_found')
    }
    expect(
      (await api.t.app.inject({ method: 'GET', url: `/api${LegalHoldPaths.archive('1')}`, headers }))
        .statusCode,
    ).toBe(400)
  })

  // as every admin route, and as issue 44's contract asks: none 401, a member's token 403 (plugins/auth.ts)
  it('answer 401 without a session and 403 to a member’s token on every route', async () => {
    const m = await member(api.t)
    const id = '00000000-0000-4000-8000-000000000000'
    const routes = [
      { method: 'GET' as const, url: `/api${LegalHoldPaths.list}` },
      { method: 'POST' as const, url: `/api${LegalHoldPaths.list}`, payload: { adId: 'x', reason: 'x' } },
      { method: 'GET' as const, url: `/api${LegalHoldPaths.archive(id)}` },
      {
        method: 'PATCH' as const,
        url: `/api${LegalHoldPaths.hold(id)}`,
        payload: { externalReference: 'x' },
      },
      { method: 'POST' as const, url: `/api${LegalHoldPaths.release(id)}`, payload: { reason: 'x' } },
    ]
    for (const route of routes) {
      expect((await api.t.app.inject(route)).statusCode).toBe(401)
      expect((await api.t.app.inject({ ...route, headers: m.auth })).statusCode).toBe(403)
    }
  })
})
