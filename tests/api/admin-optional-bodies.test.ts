import { describe, expect, it } from 'vitest'
import { setupAdminApp } from '#tests/support/admin-app.ts'

const admin = setupAdminApp()

// What an admin's tool may send for an action with nothing to say: no body at all, a JSON content
// type with an empty body, or a JSON `null`. Each reaches the action (here: 404 for an unknown id).
const noBodies = [
  { name: 'no body', headers: {}, payload: undefined },
  { name: 'an empty JSON body', headers: { 'content-type': 'application/json' }, payload: '' },
  { name: 'a JSON null', headers: { 'content-type': 'application/json' }, payload: 'null' },
] as const

describe('an admin action whose body is optional', () => {
  for (const { name, headers, payload } of noBodies) {
    it(`accepts ${name}: approving a photo or a verification`, async () => {
      const token = await admin.adminToken()
      for (const url of [
        '/api/admin/photos/nosuchphoto1/approve',
        '/api/admin/verifications/987654/approve',
      ]) {
        const res = await admin.t.app.inject({
          method: 'POST',
          url,
          headers: { authorization: `Bearer ${token}`, ...headers },
          ...(payload === undefined ? {} : { payload }),
        })
        expect(res.statusCode, `${url}: ${res.body}`).toBe(404)
      }
    })
  }

  it('still refuses a body that is not an object', async () => {
    const token = await admin.adminToken()
    const res = await admin.t.app.inject({
      method: 'POST',
      url: '/api/admin/photos/nosuchphoto1/approve',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      payload: '"yes"',
    })
    expect(res.statusCode).toBe(400)
  })
})
