// Helpers for the trust API tests: a verification request's multipart body (the code and photos), and
// the admin's calls on verifications and on the photo queue.
import { randomBytes } from 'node:crypto'
import { PhotoReviewPaths } from '#domain/api/photo-review.ts'
import { VerificationPaths } from '#domain/api/verification.ts'
import { createAdminSession } from '#server/services/accounts/sessions.ts'
import type { Member } from './ads.ts'
import type { TestApp } from './api-app.ts'

type Part = { name: string; value: string } | { name: string; file: Buffer; filename?: string; type?: string }

/** A multipart/form-data body with text fields and files, as a browser's FormData sends it. */
export function formBody(parts: Part[]) {
  const boundary = `----maple${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const part of parts) {
    if ('value' in part) {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"\r\n\r\n${part.value}\r\n`,
        ),
      )
      continue
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.filename ?? 'me.jpg'}"\r\n` +
          `Content-Type: ${part.type ?? 'image/jpeg'}\r\n\r\n`,
      ),
      part.file,
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  }
}

export const VERIFICATION_URL = `/api${VerificationPaths.mine}`

export async function myVerification(t: TestApp, m: Member) {
  const res = await t.app.inject({ method: 'GET', url: VERIFICATION_URL, headers: m.auth })
  if (res.statusCode !== 200) throw new Error(`verification status: ${res.statusCode} ${res.body}`)
  return res.json<{ status: string; code: string; reason?: string }>()
}

export function askVerification(t: TestApp, m: Member, parts: Part[]) {
  const body = formBody(parts)
  return t.app.inject({
    method: 'POST',
    url: VERIFICATION_URL,
    headers: { ...body.headers, ...m.auth },
    payload: body.payload,
  })
}

export async function adminAuth(t: TestApp): Promise<{ authorization: string }> {
  return { authorization: `Bearer ${await createAdminSession(t.db, 'boss')}` }
}

export interface QueuedRequest {
  id: number
  userId: string
  code: string
  photos: string[]
  adPhotos: string[]
}

export async function verificationQueue(t: TestApp, auth: { authorization: string }) {
  const res = await t.app.inject({ method: 'GET', url: `/api${VerificationPaths.queue}`, headers: auth })
  if (res.statusCode !== 200) throw new Error(`queue: ${res.statusCode} ${res.body}`)
  return res.json<{ items: QueuedRequest[] }>().items
}

export function decide(
  t: TestApp,
  auth: { authorization: string },
  id: number,
  action: 'approve' | 'refuse' | 'revoke',
  reason?: string,
) {
  const url = `/api${VerificationPaths[action](id)}`
  return t.app.inject({ method: 'POST', url, headers: auth, payload: reason === undefined ? {} : { reason } })
}

export interface QueuedPhoto {
  mediaId: string
  adId: string
  ownerVerified: boolean
  openReports: number
}

export async function photoQueue(t: TestApp, auth: { authorization: string }) {
  const res = await t.app.inject({ method: 'GET', url: `/api${PhotoReviewPaths.queue}`, headers: auth })
  if (res.statusCode !== 200) throw new Error(`photo queue: ${res.statusCode} ${res.body}`)
  return res.json<{ items: QueuedPhoto[] }>().items
}

export function decidePhoto(
  t: TestApp,
  auth: { authorization: string },
  mediaId: string,
  action: 'approve' | 'refuse',
  reason?: string,
) {
  const url = `/api${PhotoReviewPaths[action](mediaId)}`
  return t.app.inject({ method: 'POST', url, headers: auth, payload: reason === undefined ? {} : { reason } })
}
