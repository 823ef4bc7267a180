import { request as httpRequest } from 'node:http'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { beforeAll, describe, expect, it } from 'vitest'
import { changed } from '#server/db/after-commit.ts'
import { member } from '#tests/support/ads.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { listen } from '#tests/support/listening-app.ts'
import { fund } from '#tests/support/wallet.ts'

// API answers of 1 kB or more go out compressed for clients that take it (plugins/compression.ts),
// over real sockets: the answer cache (decision 020) sits in the HTTP server app.inject skips.

const api = setupTestApp()
let base = ''
beforeAll(async () => {
  base = await listen(api.t)
})

interface Raw {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: Buffer
}

/** A GET with exactly these headers (fetch would add its own Accept-Encoding and decompress). */
function rawGet(path: string, headers: Record<string, string> = {}): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      )
    })
    req.on('error', reject)
    req.end()
  })
}

function decoded(answer: Raw): string {
  const encoding = answer.headers['content-encoding']
  if (encoding === 'br') return brotliDecompressSync(answer.body).toString()
  if (encoding === 'gzip') return gunzipSync(answer.body).toString()
  return answer.body.toString()
}

// every place in Ontario: tens of kilobytes of JSON
const BIG = '/api/meta/cities?province=ON'

describe('compressed API answers', () => {
  it('sends a large answer in brotli, else gzip, else plain, each the same JSON', async () => {
    const plain = await rawGet(BIG)
    expect(plain.status).toBe(200)
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body.length).toBeGreaterThan(5_000)
    JSON.parse(plain.body.toString())

    const br = await rawGet(BIG, { 'accept-encoding': 'gzip, deflate, br' })
    expect(br.headers['content-encoding']).toBe('br')
    expect(Number(br.headers['content-length'])).toBe(br.body.length)
    expect(br.body.length).toBeLessThan(plain.body.length / 3)
    expect(decoded(br)).toBe(plain.body.toString())

    const gzip = await rawGet(BIG, { 'accept-encoding': 'gzip' })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(decoded(gzip)).toBe(plain.body.toString())

    // a refused encoding is never sent
    const refused = await rawGet(BIG, { 'accept-encoding': 'br;q=0, gzip;q=0.5' })
    expect(refused.headers['content-encoding']).toBe('gzip')
    const none = await rawGet(BIG, { 'accept-encoding': 'identity, br;q=0' })
    expect(none.headers['content-encoding']).toBeUndefined()
    expect(none.body.equals(plain.body)).toBe(true)

    for (const answer of [plain, br, gzip, none])
      expect(String(answer.headers.vary)).toMatch(/Accept-Encoding/)
  })

  it('keeps a repeated answer once per encoding, never giving one client another client’s encoding', async () => {
    const url = '/api/meta/cities?province=QC'
    const first = await rawGet(url, { 'accept-encoding': 'br' })
    const plain = await rawGet(url)
    const gzip = await rawGet(url, { 'accept-encoding': 'gzip' })
    // the same again: given from the answer cache, each in its own encoding
    const againBr = await rawGet(url, { 'accept-encoding': 'br' })
    const againPlain = await rawGet(url)
    const againGzip = await rawGet(url, { 'accept-encoding': 'gzip' })
    expect(againBr.headers['content-encoding']).toBe('br')
    expect(againBr.body.equals(first.body)).toBe(true)
    expect(againPlain.headers['content-encoding']).toBeUndefined()
    expect(againPlain.body.equals(plain.body)).toBe(true)
    expect(againGzip.headers['content-encoding']).toBe('gzip')
    expect(decoded(againGzip)).toBe(plain.body.toString())
    expect(decoded(gzip)).toBe(plain.body.toString())
  })

  it('never compresses one person’s answers, which carry no-store', async () => {
    const { id, token } = await member(api.t)
    // enough history that the wallet's answer is well over a kilobyte
    for (let i = 0; i < 20; i++) await fund(api.t, id, 500)
    changed(api.t.db, 'wallets')
    const wallet = await rawGet('/api/wallet/', {
      'accept-encoding': 'br, gzip',
      authorization: `Bearer ${token}`,
    })
    expect(wallet.status).toBe(200)
    expect(wallet.body.length).toBeGreaterThan(1024)
    expect(wallet.headers['cache-control']).toBe('no-store')
    expect(wallet.headers['content-encoding']).toBeUndefined()
  })

  it('leaves small answers and errors as they are', async () => {
    const small = await rawGet('/api/', { 'accept-encoding': 'br, gzip' })
    expect(small.headers['content-encoding']).toBeUndefined()
    expect(small.headers.vary).not.toMatch(/Accept-Encoding/)
    expect(JSON.parse(small.body.toString())).toEqual({ status: 'ok' })
    const missing = await rawGet('/api/nowhere', { 'accept-encoding': 'br, gzip' })
    expect(missing.status).toBe(404)
    expect(missing.headers['content-encoding']).toBeUndefined()
    expect(JSON.parse(missing.body.toString())).toEqual({ detail: 'Not found' })
  })
})
