import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('GET /api/', () => {
  it('answers ok so the client can tell the back end is reachable', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ status: 'ok' })
  })

  it('answers unknown API paths with 404 and a detail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ detail: 'Not found', code: 'request.not_found' })
  })
})
