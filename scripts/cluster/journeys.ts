import { randomBytes } from 'node:crypto'
import sharp from 'sharp'
import type { FakeGreenfield } from '#tests/support/fake-greenfield.ts'
import { type Answer, type Client, jsonHeaders } from './client.ts'
import type { SmtpReceiver } from './smtp-receiver.ts'

// What a person does on the site, as HTTP calls through the cluster's proxy: each step insists on
// the answer a person would need to go on, and says what came back when it is not.

export interface Site {
  client: Client
  smtp: SmtpReceiver
  btcpay: FakeGreenfield
}

export interface Person {
  email: string
  password: string
  token: string
}

export function expectStatus(answer: Answer, status: number, what: string): Answer {
  if (answer.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${answer.status} ${answer.body.toString('utf8').slice(0, 300)}`,
    )
  }
  return answer
}

/** Signs up, follows the verification link the mail brought, and signs in. */
export async function signUp(site: Site, label: string): Promise<Person> {
  const email = `${label}-${randomBytes(4).toString('hex')}@example.com`
  const password = `Maple-${randomBytes(12).toString('base64url')}`
  const { client } = site
  const body = JSON.stringify({ email, password })
  expectStatus(
    await client.send('POST', '/api/auth/register', { headers: jsonHeaders(), body }),
    201,
    'sign-up',
  )
  const mail = await site.smtp.waitFor(email, 30_000)
  const link = /https:\/\/\S+verify\S*token=[\w-]+/.exec(mail.text)?.[0]
  if (!link) throw new Error(`the verification mail has no link:\n${mail.text}`)
  const token = new URL(link).searchParams.get('token') ?? ''
  const verified = await client.send('GET', `/api/auth/verify-email?token=${encodeURIComponent(token)}`)
  expectStatus(verified, 200, 'verification link')
  if (verified.json().status !== 'verified') throw new Error(`verification answered ${verified.body}`)
  const login = await client.send('POST', '/api/auth/login', { headers: jsonHeaders(), body })
  return { email, password, token: expectStatus(login, 200, 'sign-in').json<{ token: string }>().token }
}

export async function balanceCents(site: Site, person: Person): Promise<number> {
  const wallet = await site.client.send('GET', '/api/wallet', { headers: jsonHeaders(person.token) })
  return Math.round(expectStatus(wallet, 200, 'wallet').json<{ balance_cad: number }>().balance_cad * 100)
}

/** Tops the wallet up with a crypto charge that BTCPay settles and announces by its signed webhook. */
export async function topUp(site: Site, person: Person, dollars: number): Promise<void> {
  const { client, btcpay } = site
  const started = await client.send('POST', '/api/wallet/topup/initiate', {
    headers: jsonHeaders(person.token),
    body: JSON.stringify({ amount: dollars }),
  })
  const chargeId = expectStatus(started, 200, 'top-up').json<{ charge_id: string }>().charge_id
  const invoice = [...btcpay.invoices.values()].find((i) => i.metadata.orderId === chargeId)
  if (!invoice) throw new Error(`BTCPay has no invoice for charge ${chargeId}`)
  btcpay.setStatus(invoice.id, 'Settled')
  const webhook = btcpay.webhook(invoice.id, 'InvoiceSettled')
  const delivered = await client.send('POST', '/api/payments/webhooks/btcpay', {
    headers: webhook.headers,
    body: webhook.body,
  })
  expectStatus(delivered, 200, 'BTCPay webhook')
}

/** A JPEG as a phone would send it: noise, so it compresses like a photo. */
export async function photo(seed: number): Promise<Buffer> {
  const width = 800
  const height = 600
  const pixels = Buffer.alloc(width * height * 3)
  let state = seed
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) & 0x7fffffff
    pixels[i] = state >> 23
  }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 80 })
    .toBuffer()
}

export async function uploadPhoto(site: Site, person: Person, bytes: Buffer): Promise<string> {
  const boundary = `----maple${randomBytes(8).toString('hex')}`
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ])
  const uploaded = await site.client.send('POST', '/api/media', {
    headers: {
      authorization: `Bearer ${person.token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
    },
    body,
    timeoutMs: 60_000,
  })
  return expectStatus(uploaded, 201, 'photo upload').json<{ id: string }>().id
}

/** Creates an ad (pending its posting fee) and answers its id. */
export async function createAd(
  site: Site,
  person: Person,
  title: string,
  images: string[] = [],
): Promise<string> {
  const created = await site.client.send('POST', '/api/ads', {
    headers: jsonHeaders(person.token),
    body: JSON.stringify({
      title,
      category: 'adult-buy-sell',
      province: 'QC',
      city: 'Montréal',
      price: 45,
      priceUnit: 'per_unit',
      description: 'Barely worn, from a smoke-free home.',
      contact: { phone: '514-555-0100', email: 'seller@example.com', website: '', handle: '@robe' },
      contactPlatform: 'instagram',
      images,
    }),
  })
  return expectStatus(created, 201, 'new ad').json<{ id: string }>().id
}

export function payFromWallet(
  site: Site,
  person: Person,
  fee: { type: 'post' | 'bump'; listingId: string },
  idempotencyKey?: string,
): Promise<Answer> {
  return site.client.send('POST', '/api/wallet/pay', {
    headers: jsonHeaders(person.token, idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
    body: JSON.stringify(fee),
  })
}
