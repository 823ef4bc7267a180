// Every text a visitor reads goes through the banned-phrase check (docs/decisions/042-holds-that-hold.md):
// the city, the phone, the website and the e-mail are refused with 422 on create and edit like the
// title, and a phrase banned later holds a listed ad that carries it in any of them.
import { describe, expect, it } from 'vitest'
import type { AdWriteInput } from '#domain/api/ads.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import { adBody, adRow, liveAd, member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'

const api = setupTestApp()

const CONTACT = adBody().contact
const TAINTED: [string, Partial<AdWriteInput>][] = [
  ['city', { city: 'young teen girls, barely legal, underaged' }],
  ['phone', { contact: { ...CONTACT, phone: '514 barely legal' } }],
  ['website', { contact: { ...CONTACT, website: 'barely-legal.example' } }],
  ['e-mail', { contact: { ...CONTACT, email: 'barely.legal@example.com' } }],
]

describe('every text a visitor reads is checked', () => {
  it.each(TAINTED)(
    'refuses a banned phrase in the %s on create with 422, as in the title',
    async (_field, tainted) => {
      const owner = await member(api.t)
      const res = await api.t.app.inject({
        method: 'POST',
        url: '/api/ads',
        headers: owner.auth,
        payload: adBody(tainted),
      })
      expect(res.statusCode).toBe(422)
      expect(res.json()).toMatchObject({ code: 'ad.banned_words' })
      expect(res.json().detail).toContain('barely legal')
    },
  )

  it.each(TAINTED)(
    'refuses a banned phrase in the %s on edit and keeps the ad as it was',
    async (_field, tainted) => {
      const owner = await member(api.t)
      const id = await liveAd(api.t, owner)
      const res = await api.t.app.inject({
        method: 'PATCH',
        url: `/api/ads/${id}`,
        headers: owner.auth,
        payload: tainted,
      })
      expect(res.statusCode).toBe(422)
      expect(await adRow(api.t, id)).toMatchObject({ city: 'Montréal', contactPhone: '514-555-0100' })
    },
  )

  it('holds a listed ad whose city carries a phrase banned later', async () => {
    const owner = await member(api.t)
    const id = await liveAd(api.t, owner, { city: 'Unicornville' })
    const added = await api.t.app.inject({
      method: 'POST',
      url: '/api/moderation/banned-words',
      headers: { authorization: `Bearer ${await createAdminSession(api.t.db, 'boss')}` },
      payload: { phrase: 'unicornville' },
    })
    expect(added.statusCode).toBe(201)
    expect((await adRow(api.t, id))?.status).toBe('held')
  })
})
