import { describe, expect, it } from 'vitest'
import { liveAd } from '#tests/support/ads.ts'
import { jpeg, served, uploaded } from '#tests/support/media.ts'
import { setupHoldsApp } from '#tests/support/report-holds.ts'

const { api, report, fresh, trusted, adminAuth, admin } = setupHoldsApp()

describe("a held ad's media", () => {
  it('answer 404 to the public while held, and to its owner and admins privately, uncached', async () => {
    const owner = await fresh()
    const photo = await uploaded(api.t, owner, await jpeg(400, 300))
    const id = await liveAd(api.t, owner, { images: [photo.id] })
    // reviewed first: a new advertiser's photo shows only then (docs/decisions/032-photo-review.md)
    const approved = await api.t.app.inject({
      method: 'POST',
      url: `/api/admin/photos/${photo.id}/approve`,
      headers: await adminAuth(),
      payload: {},
    })
    expect(approved.statusCode).toBe(204)
    expect((await served(api.t, photo.url)).statusCode).toBe(200)
    await report(id, 'underage', { auth: (await trusted()).auth })
    const stranger = await fresh()
    expect((await served(api.t, photo.url)).statusCode).toBe(404)
    expect((await served(api.t, photo.url, stranger.auth)).statusCode).toBe(404)
    for (const headers of [owner.auth, await adminAuth()]) {
      const res = await served(api.t, photo.url, headers)
      expect(res.statusCode).toBe(200)
      expect(res.headers['cache-control']).toBe('private, no-store')
    }
    await admin('dismiss', id)
    const after = await served(api.t, photo.url)
    expect(after.statusCode).toBe(200)
    expect(after.headers['cache-control']).toBe('public, max-age=3600')
  })
})
