// The app the account (auth) API tests share, and the calls they make. Call setupAuthApp() at the top
// of a test file: it registers the file's hooks (one app and one database per file, emptied before
// each test) and gives each test its own client address, so the per-IP rate limits of one test
// never leak into another.
import type { InjectOptions } from 'fastify'
import { beforeEach, expect } from 'vitest'
import { readOutbox } from '#server/services/mail/outbox.ts'
import { setupTestApp, type TestApp } from './api-app.ts'

export const PUBLIC_URL = 'https://maple.example'
export const OUTBOX_ADMIN = { username: 'admin', password: 'outbox-admin-password' }

/** The rows of a raw db.execute() result (both drivers answer with { rows }). */
export function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows
}

/** The token a mailed link carries. */
export function tokenOf(link: string | null | undefined): string {
  const token = link ? new URL(link).searchParams.get('token') : null
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

/** Registers, follows the mailed link and signs in through the API: answers the session token. */
export async function signedUpUser(
  t: TestApp,
  email: string,
  password = 'maple-pw-1',
  remoteAddress?: string,
): Promise<string> {
  const from = remoteAddress ? { remoteAddress } : {}
  const reg = await t.app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { email, password },
    ...from,
  })
  expect(reg.statusCode).toBe(201)
  // the account and its mail are made after the answer (accounts.ts, register)
  await t.app.afterAnswer.settled()
  const [mail] = await readOutbox(t.db, { to: email, limit: 1 })
  const verified = await t.app.inject({
    method: 'GET',
    url: `/api/auth/verify-email?token=${tokenOf(mail?.link)}`,
    ...from,
  })
  expect(verified.json()).toEqual({ status: 'verified' })
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    ...from,
  })
  expect(login.statusCode).toBe(200)
  return login.json().token as string
}

export function setupAuthApp() {
  const api = setupTestApp({
    PUBLIC_URL,
    ADMIN_USERNAME: OUTBOX_ADMIN.username,
    ADMIN_PASSWORD: OUTBOX_ADMIN.password,
  })
  const current = () => api.t
  let clientIp = 0
  let ip = ''
  beforeEach(() => {
    clientIp += 1
    ip = `10.0.${Math.floor(clientIp / 250)}.${(clientIp % 250) + 1}`
  })

  /**
   * A request from this test's address; answers once the work it left for after its answer (the
   * mail of forgot-password and resend-verification) is done too, so the outbox can be read.
   */
  const call = async (options: InjectOptions) => {
    const res = await current().app.inject({ remoteAddress: ip, ...options })
    await current().app.afterAnswer.settled()
    return res
  }

  const post = (url: string, payload?: object, token?: string) =>
    call({
      method: 'POST',
      url: `/api/auth${url}`,
      ...(payload ? { payload } : {}),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })

  /** The link in the latest mail to `email`. */
  const latestLink = async (email: string): Promise<string> => {
    const [message] = await readOutbox(current().db, { to: email, limit: 1 })
    if (!message?.link) throw new Error(`no mail for ${email}`)
    return message.link
  }

  /** Registers, follows the mailed link and signs in from this test's address: answers the token. */
  const verifiedUser = (email: string, password = 'maple-pw-1'): Promise<string> =>
    signedUpUser(current(), email, password, ip)

  return {
    get t() {
      return current()
    },
    /** this test's client address */
    get ip() {
      return ip
    },
    call,
    post,
    latestLink,
    verifiedUser,
  }
}
