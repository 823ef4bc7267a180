import { rmSync } from 'node:fs'
import S3rver from 's3rver'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { refusal } from '#server/errors.ts'
import { RETRY_AFTER_SECONDS } from '#server/outages.ts'
import { liveAd, member } from '#tests/support/ads.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { jpeg, served, tempDir, upload, uploaded } from '#tests/support/media.ts'
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'

// An S3-compatible store that accepts connections and never answers (frozen, overloaded, a network
// dropping packets): each call is bounded by S3_TIMEOUT_MS, then the request is answered 503 with
// Retry-After and one log line for the outage; once the store answers, so does the API
// (docs/decisions/027-health-and-draining.md). s3rver on loopback, behind a proxy the test freezes.

const S3_TIMEOUT_MS = 1_500
// the SDK's retries fit in S3_TIMEOUT_MS; the rest is room for a busy machine
const ANSWER_BOUND_MS = S3_TIMEOUT_MS + 10_000

interface LogLine {
  msg: string
  err?: unknown
}

let t: TestApp
let s3: S3rver
let proxy: TcpProxy
const s3Dir = tempDir('maple-s3rver-')
const lines: LogLine[] = []

beforeAll(async () => {
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: 'maple-media' }],
  })
  const { port } = await s3.run()
  proxy = await startTcpProxy(port)
  t = await createTestApp(
    {
      LOG_LEVEL: 'info',
      S3_BUCKET: 'maple-media',
      S3_ENDPOINT: `http://127.0.0.1:${proxy.port}`,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: true,
      S3_TIMEOUT_MS,
    },
    { logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) } },
  )
})
afterAll(async () => {
  await t.close()
  await proxy.close()
  await new Promise<void>((resolve) => s3.close(() => resolve()))
  rmSync(s3Dir, { recursive: true, force: true })
})

describe('a media store that stops answering', () => {
  it('answers reads and uploads 503 with Retry-After within S3_TIMEOUT_MS, with one log line, and serves again once it answers', async () => {
    const owner = await member(t, { trusted: true })
    const photo = await uploaded(t, owner, await jpeg(800, 600))
    expect((await served(t, photo.url, owner.auth)).statusCode).toBe(200)
    lines.length = 0

    proxy.freeze()
    try {
      const started = Date.now()
      const [read, again, sent] = await Promise.all([
        served(t, photo.url, owner.auth),
        served(t, photo.url, owner.auth),
        upload(t, owner, await jpeg(640, 480, 2)),
      ])
      for (const res of [read, again, sent]) {
        expect(res.statusCode).toBe(503)
        expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
        expect(res.json()).toEqual(refusal('request.unavailable'))
      }
      expect(Date.now() - started).toBeLessThan(ANSWER_BOUND_MS)
      // shared by every process: degraded, still ready (docs/decisions/041-fault-drill.md)
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json().checks['media store']).toMatch(/^degraded: /)
    } finally {
      proxy.thaw()
    }

    expect((await served(t, photo.url, owner.auth)).statusCode).toBe(200)
    expect(lines.filter((line) => line.msg.startsWith('media store unavailable'))).toHaveLength(1)
    expect(lines.filter((line) => line.msg === 'request failed' || line.err !== undefined)).toEqual([])
  })
})

// The fault drill's S3 outage (issue 43): every process's readiness failed with the store, so the
// balancer had no server left and sign-in, wallet and listings, which never touch S3, answered 503.
describe('a media store that refuses connections', () => {
  const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

  it('leaves the process ready, reporting the store degraded, while sign-in and listings work and media answer 503', async () => {
    const owner = await member(t, { trusted: true, cents: 10_000 })
    const photo = await uploaded(t, owner, await jpeg(320, 240, 3))
    const adId = await liveAd(t, owner)
    await member(t, { email: 'drill@example.com', password: 'maple-pw-1' })
    // the probe sees the store answer: an outage left from the test before has ended
    await pause(600)
    expect((await t.app.inject({ method: 'GET', url: '/readyz' })).json().checks['media store']).toBe('ok')
    lines.length = 0

    proxy.refuse()
    try {
      // a probe's answer is kept half a second
      await pause(600)
      const ready = await t.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({ status: 'ready', checks: { database: 'ok' } })
      expect(ready.json().checks['media store']).toMatch(/^degraded: /)

      const signIn = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'drill@example.com', password: 'maple-pw-1' },
      })
      expect(signIn.statusCode).toBe(200)
      const listing = await t.app.inject({ method: 'GET', url: '/api/ads' })
      expect(listing.statusCode).toBe(200)
      expect(listing.json().items.map((ad: { id: string }) => ad.id)).toContain(adId)

      const media = await served(t, photo.url, owner.auth)
      expect(media.statusCode).toBe(503)
      expect(media.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
    } finally {
      proxy.accept()
    }
    await pause(600)
    const back = await t.app.inject({ method: 'GET', url: '/readyz' })
    expect(back.json().checks['media store']).toBe('ok')
    expect((await served(t, photo.url, owner.auth)).statusCode).toBe(200)
    expect(lines.filter((line) => line.msg.startsWith('media store unavailable'))).toHaveLength(1)
    expect(lines.filter((line) => line.msg === 'media store is back')).toHaveLength(1)
  })
})
