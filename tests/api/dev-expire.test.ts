import { describe, expect, it } from 'vitest'
import { setupAdminApp } from '#tests/support/admin-app.ts'
import { liveAd, member } from '#tests/support/ads.ts'

// POST /api/dev/ads/:id/expire: the e2e journeys' way to let an ad's 30 days pass. Admin-only, and
// never registered in production (src/server/routes/dev.ts, like the outbox).
const admin = setupAdminApp()

describe('ending an ad’s lifetime from /api/dev', () => {
  it('takes a live ad off the listing at once and shows it as expired to its owner', async () => {
    const { t } = admin
    const owner = await member(t)
    const id = await liveAd(t, owner, { title: 'Short-lived lamp', province: 'NU', city: 'Iqaluit' })
    const token = await admin.adminToken()
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/ads?province=NU&category=adult-buy-sell' }))
        .json()
        .items.map((ad: { id: string }) => ad.id)
    expect(await listed()).toContain(id)

    const expire = (as: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/dev/ads/${id}/expire`,
        headers: { authorization: `Bearer ${as}` },
      })
    expect((await expire(owner.token)).statusCode).toBe(403)
    expect((await expire(token)).statusCode).toBe(204)

    expect(await listed()).not.toContain(id)
    const mine = await t.app.inject({ method: 'GET', url: '/api/ads/mine', headers: owner.auth })
    expect(mine.json().items[0].status).toBe('expired')
    // only a listed ad has a lifetime left to end; an id PostgreSQL cannot even hold is refused
    expect((await expire(token)).statusCode).toBe(404)
    const odd = await t.app.inject({
      method: 'POST',
      url: '/api/dev/ads/%00/expire',
      headers: { authorization: `Bearer ${token}` },
    })
    expect(odd.statusCode).toBe(400)
  })
})
