// Property test: random, malformed and oversized requests to every route of the API never get a 5xx,
// every error is `{ detail: string }`, and no answer carries a stack trace.
//
// The routes come from the app itself (printRoutes), so a route added later fails the coverage test
// until it gets an entry in FUZZ below. Reproduce a failure with the seed fast-check prints:
//   FUZZ_SEED=1234 npx vitest run --project api tests/api/fuzz.test.ts
// FUZZ_RUNS (default 100) sets the requests per route; FUZZ_ONLY='POST /api/wallet/pay' fuzzes one route.

import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { BODY_LIMIT_BYTES } from '#server/app.ts'
import type { Config } from '#server/config.ts'
import { ads } from '#server/db/schema/ads.ts'
import { bannedPhrases } from '#server/db/schema/moderation.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets } from '#server/db/schema/wallet.ts'
import { hashPassword } from '#server/services/accounts/passwords.ts'
import { createAdminSession, createSession } from '#server/services/accounts/sessions.ts'
import { paymentsService } from '#server/services/payments/registry.ts'
import { signBody } from '#server/services/payments/signature.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'
import { type FakeGreenfield, startFakeGreenfield } from '#tests/support/fake-greenfield.ts'

const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const ONLY = process.env.FUZZ_ONLY

const ADMIN = { username: 'admin', password: 'fuzz-admin-secret' }
const MEMBER = { email: 'member@example.com', password: 'member-password' }
const PENDING_EMAIL = 'pending@example.com'
const SANDBOX_SECRET = 'fuzz-sandbox-secret'
const BTCPAY_SECRET = 'fuzz-btcpay-secret'

// ---------------------------------------------------------------------------------------------
// Values that are only known once the database is seeded; generators pick from them lazily.

interface Pool {
  chargeIds: string[]
  invoiceIds: string[]
  phraseIds: string[]
  adIds: string[]
}
const pool: Pool = { chargeIds: [], invoiceIds: [], phraseIds: [], adIds: [] }

function fromPool(key: keyof Pool): fc.Arbitrary<string> {
  return fc.nat().map((i) => {
    const list = pool[key]
    return list.length === 0 ? 'none' : (list[i % list.length] ?? 'none')
  })
}

// Big payloads are built only when a request is sent, so fast-check prints and shrinks a size
// instead of a megabyte of text.
class Huge {
  constructor(
    readonly size: number,
    readonly char: string,
  ) {}
  toJSON(): string {
    return this.char.repeat(this.size)
  }
  [fc.toStringMethod](): string {
    return `Huge(${this.size}, ${JSON.stringify(this.char)})`
  }
}

/** `[[[…]]]` nested this deep: JSON.parse copes, recursive code on the parsed value may not. */
class Deep {
  constructor(readonly depth: number) {}
  toJSON(): string {
    return `__fuzz_deep_${this.depth}__`
  }
  [fc.toStringMethod](): string {
    return `Deep(${this.depth})`
  }
}

function serialise(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null'
  return text.replace(/"__fuzz_deep_(\d+)__"/g, (_m, depth: string) => {
    const n = Number(depth)
    return `${'['.repeat(n)}${']'.repeat(n)}`
  })
}

const HUGE_SIZES = [
  1_000,
  70_000,
  300_000,
  BODY_LIMIT_BYTES - 200,
  BODY_LIMIT_BYTES + 1,
  2 * BODY_LIMIT_BYTES,
]
const huge = fc
  .tuple(fc.constantFrom(...HUGE_SIZES), fc.constantFrom('x', 'é', ' ', '\u0000', '😀'))
  .map(([size, char]) => new Huge(Math.ceil(size / Buffer.byteLength(char)), char))
const deep = fc.constantFrom(100, 5_000, 100_000, 400_000).map((d) => new Deep(d))

// ---------------------------------------------------------------------------------------------
// Building blocks

const headerChar = fc
  .oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
    { weight: 1, arbitrary: fc.constant(0x09) },
  )
  .map((c) => String.fromCharCode(c))
const headerText = (maxLength: number) => fc.string({ unit: headerChar, maxLength })

/** Strings that tend to break things: NUL, lone surrogates, RTL, long runs, SQL and path syntax. */
const nastyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\u202e',
    "' OR 1=1 --",
    '%',
    '%00',
    '../../etc/passwd',
    '__proto__',
    'constructor',
    '<script>alert(1)</script>',
    '{{7*7}}',
    '1e309',
    '-0',
    'NaN',
    '\r\n',
  ),
)

/** Anything but the right type: the field's sampler supplies right ones. */
const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: nastyString },
  { weight: 2, arbitrary: fc.integer() },
  { weight: 1, arbitrary: fc.double() },
  { weight: 1, arbitrary: fc.constantFrom(1e308, -1e308, Number.MAX_SAFE_INTEGER + 2, 0.1 + 0.2, -0) },
  { weight: 1, arbitrary: fc.boolean() },
  { weight: 1, arbitrary: fc.constant(null) },
  { weight: 1, arbitrary: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.object({ maxDepth: 1 }) },
  { weight: 1, arbitrary: huge },
  { weight: 1, arbitrary: deep },
)

// Well-formed values per field (what the app itself would send), and near misses around the rules
const email = fc.oneof(
  fc.constantFrom(
    MEMBER.email,
    'MEMBER@Example.com',
    ` ${MEMBER.email} `,
    PENDING_EMAIL,
    'nobody@example.com',
  ),
  fc.emailAddress(),
)
const emailEdges = fc.constantFrom(
  '',
  '@',
  'a@',
  'no-at-sign',
  `${'a'.repeat(250)}@example.com`,
  'a@b\u0000.com',
)
const password = fc.oneof(
  fc.constantFrom(MEMBER.password, 'wrong-password', '123456', 'x'.repeat(128)),
  fc.string({ minLength: 6, maxLength: 40 }),
)
const passwordEdges = fc.constantFrom(
  '',
  '12345',
  'x'.repeat(129),
  'x'.repeat(100_000),
  '\u0000\u0000\u0000\u0000\u0000\u0000',
)
const linkToken = fc.base64String({ minLength: 4, maxLength: 60 })
const linkTokenEdges = fc.constantFrom('', ' ', 'x'.repeat(513), '\u0000')
const dollars = fc.oneof(
  fc.constantFrom(5, 5.01, 10, 10_000),
  fc.double({ min: 5, max: 10_000, noNaN: true }),
)
const dollarEdges = fc.constantFrom(
  4.99,
  0,
  -5,
  10_000.01,
  0.001,
  1e308,
  '5',
  '1e3',
  '',
  'abc',
  '0x10',
  ' 7 ',
)
const listingId = fc.oneof(fc.uuid(), fromPool('adIds'), fc.constantFrom('zzzzzzzzzzzz'))
const adId = fc.oneof(
  { weight: 4, arbitrary: fromPool('adIds') },
  { weight: 1, arbitrary: fc.constantFrom('zzzzzzzzzzzz', 'not-an-id', 'A'.repeat(12), 'x'.repeat(101)) },
)
const adText = fc.oneof(
  fc.constantFrom('Silk robe', 'Lingérie', 'barely legal', 'T33n'),
  fc.string({ maxLength: 40 }),
)
const adFields: Fields = {
  title: adText,
  category: fc.constantFrom('adult-buy-sell', 'adult-services', 'adult-pics-vids', 'adult-castings'),
  escortType: fc.constantFrom('female-companion', 'male-companion', null),
  province: fc.constantFrom('ON', 'QC', 'NU'),
  city: fc.constantFrom('Toronto', 'Montréal', 'Iqaluit'),
  price: fc.oneof(fc.constantFrom(0, 45, 1_000_000), fc.double({ min: 0, max: 1e6, noNaN: true })),
  priceUnit: fc.constantFrom('per_hour', 'per_set', 'per_unit'),
  description: adText,
  images: fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), { maxLength: 8 }),
  videos: fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,20}$/), { maxLength: 4 }),
  contact: fc.record({
    phone: fc.constantFrom('', '514-555-0100'),
    email: fc.constantFrom('', 'a@b.ca'),
    handle: adText,
  }),
  contactPlatform: fc.constantFrom('instagram', 'onlyfans', null),
}
const adEdges: Fields = {
  title: fc.constantFrom('', '   ', 'x'.repeat(121), '\u0000', '\ud800'),
  category: fc.constantFrom('cars', '', 'ADULT-SERVICES'),
  province: fc.constantFrom('XX', 'ALL', ''),
  city: fc.constantFrom('', 'x'.repeat(101), '\u0000'),
  price: fc.constantFrom(-1, 1e7, Number.NaN, '12', 1e308),
  images: fc.constantFrom(['/stock/a.svg'], Array(9).fill('m'), ['a b'], 'm'),
  videos: fc.constantFrom(Array(5).fill('v')),
  contact: fc.constantFrom({ email: 'not-an-email' }, { phone: 'x'.repeat(41) }, null),
  description: fc.constantFrom('x'.repeat(5_001), '\u0000'),
}
const idEdges = fc.constantFrom('', ' ', 'x'.repeat(201), '\u0000', 'a\u0000b', '\ud800')
const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/)

// ---------------------------------------------------------------------------------------------
// What each route gets. Keys are `METHOD /registered/path`; HEAD reuses the GET entry.

type Role = 'user' | 'admin'
type Fields = Record<string, fc.Arbitrary<unknown>>

interface FuzzSpec {
  /** the token a well-formed request carries */
  role?: Role
  /** path parameter (`:name` or `*`) → well-formed values; garbage is mixed in */
  params?: Record<string, fc.Arbitrary<string>>
  /** well-formed query values */
  query?: Fields
  /** well-formed body fields */
  body?: Fields
  /** near misses per query or body field (empty, too long, out of range, NUL…), besides any wrong type */
  edges?: Fields
  /** answers below 400 may be a page (HTML, YAML, scripts) rather than JSON */
  page?: boolean
  /** signs bodies with the provider's webhook secret, so parsing past the signature runs */
  signs?: { header: string; secret: string }
  /** headers a well-formed request carries */
  headers?: Record<string, string>
  /** content types a well-formed request uses (default application/json) */
  contentTypes?: string[]
}

const webhookEdges: Fields = {
  deliveryId: fc.oneof(nastyString, fc.constant('x'.repeat(10_000))),
  invoiceId: fc.oneof(nastyString, fc.constant('x'.repeat(10_000))),
  type: nastyString,
}

const ADS_LIST: FuzzSpec = {
  query: {
    province: fc.constantFrom('ON', 'qc', 'ALL', 'all'),
    city: fc.constantFrom('ALL', 'Toronto', 'montreal'),
    category: fc.constantFrom('adult-buy-sell', 'adult-services'),
    escortType: fc.constantFrom('female-companion', 'trans-companion'),
    q: fc.oneof(
      fc.constantFrom('robe', '"silk robe"', '-lace', 'lingerie montreal', '!!&|(', ':*'),
      fc.string(),
    ),
    sort: fc.constantFrom('new', 'price-asc', 'price-desc'),
    verified: fc.constantFrom('true', 'false', '1', '0'),
    page: fc.constantFrom('1', '2', '10000'),
  },
  edges: {
    province: fc.constantFrom('XX', '', '\u0000'),
    city: fc.constantFrom('x'.repeat(101), '\u0000', '%'),
    category: fc.constantFrom('cars', ''),
    escortType: fc.constantFrom('robot', ''),
    q: fc.constantFrom('x'.repeat(201), '\u0000', '\ud800'),
    sort: fc.constantFrom('old', ''),
    verified: fc.constantFrom('yes', ''),
    page: fc.constantFrom('0', '-1', '10001', 'abc', '1e999', '2.5', ''),
  },
}

const FUZZ: Record<string, FuzzSpec> = {
  'GET /api': {},
  'GET /api/': {},
  'GET /api/docs': { page: true },
  'GET /api/docs/': { page: true },
  'GET /api/docs/json': {},
  'GET /api/docs/yaml': { page: true },
  'GET /api/docs/static/index.html': { page: true },
  'GET /api/docs/static/swagger-initializer.js': { page: true },
  'GET /api/docs/*': {
    page: true,
    params: {
      '*': fc.constantFrom(
        'static/swagger-ui.css',
        'static/index.css',
        'static/nope.js',
        'static/../../../package.json',
        'static/%2e%2e/%2e%2e/%2e%2e/package.json',
        'json/extra',
        'uiConfig',
        'initOAuth',
      ),
    },
  },
  'GET /api/dev/outbox': { role: 'admin', query: { to: email }, edges: { to: emailEdges } },
  'GET /api/meta/cities': {
    query: {
      province: fc.constantFrom('ON', 'qc', 'ALL', 'all', 'bc'),
      q: fc.oneof(fc.constantFrom('tor', 'Mont', 'é', 'st.', "o'"), fc.string({ maxLength: 8 })),
      limit: fc.constantFrom('1', '20', '5000'),
    },
    edges: {
      province: fc.constantFrom('XX', 'Ontario', '', '\u0000'),
      q: fc.constantFrom('x'.repeat(101), '\u0000', '%'),
      limit: fc.constantFrom('5001', '0', '-1', 'abc', '1e3', '2.5', '', '1e999'),
    },
  },
  'POST /api/moderation/check': {
    body: {
      title: fc.oneof(fc.constantFrom('Vintage lamp', 'y.o.u.n.g', 'T33n', 'Canteen chairs'), fc.string()),
      description: fc.oneof(fc.constantFrom('', 'Clean text', 'l 0 l i t a'), fc.string({ maxLength: 200 })),
    },
    edges: {
      title: fc.constantFrom('x'.repeat(501), '\u0000', '\ud800'),
      description: fc.constantFrom('x'.repeat(20_001), `${'a '.repeat(9_999)}`, '\u0000'),
    },
  },
  'GET /api/moderation/banned-words': {},
  'POST /api/moderation/banned-words': {
    role: 'admin',
    body: {
      phrase: fc.oneof(fc.constantFrom('teen', 'forced work'), fc.string({ minLength: 1, maxLength: 30 })),
    },
    edges: { phrase: fc.constantFrom('', '  ', '!!!', 'x'.repeat(201), '\u0000', 'a\u0000b', '\ud800') },
  },
  'DELETE /api/moderation/banned-words/:id': {
    role: 'admin',
    params: {
      id: fc.oneof(fromPool('phraseIds'), fc.uuid(), fc.constantFrom('1', 'not-a-uuid', 'x'.repeat(101))),
    },
  },
  'POST /api/auth/register': {
    body: { email, password },
    edges: { email: emailEdges, password: passwordEdges },
  },
  'POST /api/auth/login': {
    body: { email, password },
    edges: { email: emailEdges, password: passwordEdges },
  },
  'POST /api/auth/logout': { role: 'user' },
  'GET /api/auth/verify-email': { query: { token: linkToken }, edges: { token: linkTokenEdges } },
  'POST /api/auth/resend-verification': { body: { email }, edges: { email: emailEdges } },
  'POST /api/auth/forgot-password': { body: { email }, edges: { email: emailEdges } },
  'POST /api/auth/reset-password': {
    body: { token: linkToken, new_password: password },
    edges: { token: linkTokenEdges, new_password: passwordEdges },
  },
  'POST /api/admin/login': {
    body: {
      username: fc.constantFrom(ADMIN.username, 'Admin', ' admin ', 'root'),
      password: fc.oneof(
        fc.constantFrom(ADMIN.password, 'wrong'),
        fc.string({ minLength: 1, maxLength: 20 }),
      ),
    },
    edges: {
      username: fc.constantFrom('', ' ', 'x'.repeat(201), '\u0000'),
      password: fc.constantFrom('', 'x'.repeat(1025), '\u0000'),
    },
  },
  'POST /api/admin/purge': { role: 'admin' },
  'GET /api/admin/payments/attention': { role: 'admin' },
  'GET /api/ads': ADS_LIST,
  'GET /api/ads/': ADS_LIST,
  'GET /api/ads/mine': { role: 'user' },
  'POST /api/ads': { role: 'user', body: adFields, edges: adEdges },
  'POST /api/ads/': { role: 'user', body: adFields, edges: adEdges },
  'GET /api/ads/:id': { params: { id: adId } },
  'PATCH /api/ads/:id': { role: 'user', params: { id: adId }, body: adFields, edges: adEdges },
  'DELETE /api/ads/:id': { role: 'user', params: { id: adId } },
  'POST /api/ads/:id/reveal': { params: { id: adId } },
  'POST /api/admin/logout': { role: 'admin' },
  'POST /api/ads/:id/reports': {
    params: { id: adId },
    body: {
      reason: fc.constantFrom('spam', 'wrong_category', 'offensive', 'underage', 'trafficking', 'other'),
      details: fc.string({ maxLength: 200 }),
    },
    edges: {
      reason: fc.constantFrom('', 'SPAM', 'ugly', '\u0000'),
      details: fc.constantFrom('x'.repeat(1001), '\u0000', '\ud800'),
    },
  },
  'GET /api/admin/reports': { role: 'admin' },
  'GET /api/admin/audit': { role: 'admin' },
  'GET /api/admin/ads': {
    role: 'admin',
    query: {
      q: fc.oneof(fc.constantFrom('robe', 'crème', '%', '_', '\\'), fc.string()),
      email: fc.oneof(fc.constantFrom('member', '@example.com', '%'), fc.string()),
      status: fc.constantFrom('live', 'expired', 'held', 'removed', 'pending_payment'),
      page: fc.constantFrom('1', '2', '10000'),
    },
    edges: {
      q: fc.constantFrom('x'.repeat(201), '\u0000', '\ud800'),
      email: fc.constantFrom('x'.repeat(201), '\u0000', '\ud800'),
      status: fc.constantFrom('gone', 'LIVE', ''),
      page: fc.constantFrom('0', '-1', '10001', 'abc', '1e999', '2.5', ''),
    },
  },
  'POST /api/admin/reports/:id/:action': {
    role: 'admin',
    params: { id: adId, action: fc.constantFrom('dismiss', 'remove', 'restore') },
    body: { reason: fc.string({ maxLength: 100 }) },
    edges: { reason: fc.constantFrom('x'.repeat(501), '\u0000', '\ud800') },
  },
  'POST /api/auth/change-password': {
    role: 'user',
    body: {
      current_password: fc.constantFrom(MEMBER.password, 'wrong-password'),
      new_password: fc.string({ minLength: 6, maxLength: 40 }),
    },
    edges: {
      current_password: fc.constantFrom('', 'x'.repeat(1025)),
      new_password: fc.constantFrom('', '12345', '123456', 'x'.repeat(1025)),
    },
  },
  'GET /api/wallet': { role: 'user' },
  'GET /api/wallet/': { role: 'user' },
  'POST /api/wallet/pay': {
    role: 'user',
    body: { type: fc.constantFrom('post', 'bump'), listingId },
    edges: { type: fc.constantFrom('topup', 'POST', ''), listingId: idEdges },
  },
  'POST /api/wallet/topup/initiate': {
    role: 'user',
    body: { amount: dollars },
    edges: { amount: dollarEdges },
  },
  'POST /api/wallet/topup/confirm': {
    role: 'user',
    body: { charge_id: fromPool('chargeIds') },
    edges: { charge_id: fc.oneof(idEdges, fc.constant('ch_nope')) },
  },
  'POST /api/payments/crypto/charge': {
    role: 'user',
    body: {
      amount: dollars,
      description: fc.oneof(fc.constantFrom('', 'Posting fee'), fc.string({ maxLength: 30 })),
      chargeType: fc.constantFrom('post', 'bump', 'topup'),
      listingId,
      metadata: fc.record({ draft: fc.jsonValue({ maxDepth: 3 }) }, { requiredKeys: [] }),
    },
    edges: {
      amount: dollarEdges,
      description: fc.constantFrom('x'.repeat(501), '\u0000', 'a\u0000b', '\ud800'),
      chargeType: fc.constantFrom('refund', 'POST', ''),
      listingId: idEdges,
      metadata: fc.oneof(
        fc.record({ draft: fc.oneof(huge, deep) }),
        fc.constantFrom(
          { draft: new Huge(70_000, 'x') },
          { draft: { title: '\u0000' } },
          { draft: { title: '\ud800' } },
          { draft: '\\u0000' },
          { draft: null },
          { draft: { ['__proto__']: 1 } },
        ),
      ),
    },
  },
  'GET /api/payments/crypto/charge/:chargeId/status': {
    params: { chargeId: fc.oneof(fromPool('chargeIds'), fc.constantFrom('ch_nope', 'x'.repeat(201))) },
  },
  'POST /api/payments/webhooks/btcpay': {
    signs: { header: 'btcpay-sig', secret: BTCPAY_SECRET },
    body: {
      deliveryId: fc.uuid(),
      originalDeliveryId: fc.uuid(),
      webhookId: fc.uuid(),
      type: fc.constantFrom(
        'InvoiceSettled',
        'InvoiceExpired',
        'InvoiceInvalid',
        'InvoiceProcessing',
        'Other',
      ),
      invoiceId: fromPool('invoiceIds'),
      storeId: fc.constantFrom('fuzz-store', 'other-store'),
    },
    edges: webhookEdges,
  },
  'POST /api/payments/webhooks/sandbox': {
    signs: { header: 'sandbox-sig', secret: SANDBOX_SECRET },
    body: {
      deliveryId: fc.uuid(),
      type: fc.constantFrom('InvoiceSettled', 'InvoiceExpired', 'Other'),
      invoiceId: fromPool('invoiceIds'),
      timestamp: fc.integer({ min: 0 }),
    },
    edges: webhookEdges,
  },
  'GET /api/payments/sandbox/:invoiceId': {
    page: true,
    params: { invoiceId: fc.oneof(fromPool('invoiceIds'), fc.constantFrom('sbx_nope', 'x'.repeat(201))) },
  },
  'POST /api/payments/sandbox/:invoiceId/pay': {
    params: { invoiceId: fc.oneof(fromPool('invoiceIds'), fc.constant('sbx_nope')) },
    contentTypes: ['application/x-www-form-urlencoded'],
  },
  'POST /api/payments/sandbox/:invoiceId/expire': {
    params: { invoiceId: fc.oneof(fromPool('invoiceIds'), fc.constant('sbx_nope')) },
    contentTypes: ['application/x-www-form-urlencoded'],
  },
  // the CORS preflight answers OPTIONS for any path
  'OPTIONS *': {
    headers: { origin: 'http://localhost:8080', 'access-control-request-method': 'POST' },
    params: {
      '*': fc.constantFrom('/api/wallet/pay', '/api/auth/login', '/', '/api/nope', '/api/docs/json'),
    },
  },
  // not a registered route: unknown paths and methods must answer 404 { detail } too
  'ANY /api/unknown': {},
}

// ---------------------------------------------------------------------------------------------
// Requests

type AuthPlan =
  | { kind: 'none' }
  | { kind: 'token'; role: Role }
  | { kind: 'raw'; value: string }
  | { kind: 'mangled'; role: Role; how: 'basic' | 'suffix' | 'upper' | 'twice' | 'lower-scheme' }

type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }

interface Plan {
  method: string
  path: string
  query: string
  auth: AuthPlan
  contentType: string | undefined
  headers: Record<string, string>
  body: BodyPlan
  sign: boolean
  forwardedFor: string | undefined
  remoteAddress: string
}

const GARBAGE_PATH_VALUES = [
  '%',
  '%zz',
  '%E0%A4%A',
  '%00',
  '..',
  '%2e%2e',
  'a%2Fb',
  ';',
  '',
  'é',
  '%F0%9F%98%80',
  'x'.repeat(300),
]

/** encodeURI(Component) throws on a lone surrogate; a client would have sent U+FFFD in its place */
function encode(text: string): string {
  return encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'))
}

function encodePath(text: string): string {
  return encodeURI(text.replace(/\p{Cs}/gu, '\ufffd'))
}

function pathValue(sample: fc.Arbitrary<string> | undefined, valid: boolean): fc.Arbitrary<string> {
  if (valid && sample) return sample.map(encodePath)
  return fc.oneof(
    { weight: sample ? 5 : 0, arbitrary: (sample ?? fc.constant('x')).map(encodePath) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...GARBAGE_PATH_VALUES) },
  )
}

function pathArb(pattern: string, spec: FuzzSpec, valid: boolean): fc.Arbitrary<string> {
  const names = [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*')
  if (names.length === 0) return fc.constant(pattern)
  return fc.tuple(...names.map((name) => pathValue(spec.params?.[name], valid))).map((values) => {
    let i = 0
    const path = pattern.replace(/:(\w+)|\*/g, () => values[i++] ?? '')
    return path.startsWith('/') ? path : `/${path}`
  })
}

function encodePair(key: string, value: unknown): string {
  const text = typeof value === 'string' ? value : serialise(value)
  return `${encode(key)}=${encode(text)}`
}

/** A field's value in a fuzzed request: mostly well formed, else a near miss or a wrong type. */
function fieldArb(spec: FuzzSpec, key: string, wellFormed: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const edge = spec.edges?.[key]
  return fc.oneof(
    { weight: 3, arbitrary: wellFormed },
    { weight: edge ? 2 : 0, arbitrary: edge ?? wrongValue },
    { weight: 2, arbitrary: wrongValue },
  )
}

function queryArb(spec: FuzzSpec, valid: boolean): fc.Arbitrary<string> {
  const known = Object.entries(spec.query ?? {})
  const keys = known.map(([key]) => key)
  if (valid) {
    const pairs = known.map(([key, sample]) => sample.map((v) => encodePair(key, v)))
    return pairs.length === 0 ? fc.constant('') : fc.tuple(...pairs).map((p) => p.join('&'))
  }
  const wellFormed =
    known.length === 0
      ? fc.constant('')
      : fc
          .tuple(
            ...known.map(([key, sample]) =>
              fc.option(
                fieldArb(spec, key, sample).map((v) => encodePair(key, v)),
                { nil: undefined },
              ),
            ),
          )
          .map((p) => p.filter((pair) => pair !== undefined).join('&'))
  const anyKey =
    keys.length > 0
      ? fc.oneof(fc.constantFrom(...keys), fc.string({ maxLength: 8 }))
      : fc.string({ maxLength: 8 })
  const odd = fc
    .array(
      fc.oneof(
        fc.tuple(anyKey, wrongValue).map(([k, v]) => encodePair(k, v)),
        anyKey.map((k) => `${encode(k)}[]=1&${encode(k)}[]=2`),
        anyKey.map((k) => `${encode(k)}=1&${encode(k)}=2`),
        anyKey.map((k) => `${encode(k)}[a][b]=1`),
        anyKey.map((k) => encode(k)),
        fc.constantFrom(
          '%',
          '%zz=1',
          '=',
          '&&',
          '__proto__[x]=1',
          'constructor[prototype][x]=1',
          `q=${'x'.repeat(100_000)}`,
        ),
        fc.string({ unit: headerChar, maxLength: 20 }).map((s) => s.replace(/#/g, '')),
      ),
      { maxLength: 4 },
    )
    .map((parts) => parts.join('&'))
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant('') },
    { weight: 3, arbitrary: wellFormed },
    { weight: 3, arbitrary: odd },
  )
}

function bodyArb(spec: FuzzSpec, valid: boolean): fc.Arbitrary<BodyPlan> {
  const fields = Object.entries(spec.body ?? {})
  const wellFormed = fc.record(Object.fromEntries(fields), { requiredKeys: [] })
  if (valid) {
    return fields.length === 0
      ? fc.constantFrom<BodyPlan>({ kind: 'none' }, { kind: 'json', value: {} })
      : fc.record(Object.fromEntries(fields)).map((value): BodyPlan => ({ kind: 'json', value }))
  }
  const mixed = fc
    .tuple(
      fc.record(Object.fromEntries(fields.map(([key, sample]) => [key, fieldArb(spec, key, sample)])), {
        requiredKeys: [],
      }),
      fc.dictionary(fc.string({ maxLength: 10 }), wrongValue, { maxKeys: 2 }),
    )
    .map(([known, extra]) => ({ ...extra, ...known }))
  const malformed = fc.oneof(
    fc.string({ maxLength: 60 }),
    fc.tuple(wellFormed, fc.nat()).map(([value, cut]) => {
      const text = serialise(value)
      return text.slice(0, text.length === 0 ? 0 : cut % text.length)
    }),
    fc.constantFrom(
      '',
      '{',
      '{"a":',
      '[1,2',
      'null',
      'true',
      '0',
      '1e999',
      '"text"',
      '[]',
      '{"__proto__":{"isAdmin":true}}',
      '{"constructor":{"prototype":{"isAdmin":true}}}',
      '\uFEFF{}',
      '{"a":1}garbage',
      '{} {}',
      "{'a':1}",
      'NaN',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":1,"a":2}',
    ),
  )
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant<BodyPlan>({ kind: 'none' }) },
    { weight: 5, arbitrary: mixed.map((value): BodyPlan => ({ kind: 'json', value })) },
    {
      weight: 2,
      arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value): BodyPlan => ({ kind: 'json', value })),
    },
    { weight: 2, arbitrary: malformed.map((text): BodyPlan => ({ kind: 'text', text })) },
    {
      weight: 1,
      arbitrary: fc.uint8Array({ maxLength: 64 }).map((bytes): BodyPlan => ({ kind: 'bytes', bytes })),
    },
    { weight: 1, arbitrary: fc.oneof(huge, deep).map((value): BodyPlan => ({ kind: 'json', value })) },
  )
}

const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json; charset=latin1',
  'application/json;;',
  'application/vnd.api+json',
  'application/jsonx',
  'text/plain',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  '',
  '*/*',
]

function authArb(spec: FuzzSpec, valid: boolean): fc.Arbitrary<AuthPlan> {
  if (valid) {
    return fc.constant<AuthPlan>(spec.role ? { kind: 'token', role: spec.role } : { kind: 'none' })
  }
  const role = fc.constantFrom<Role>('user', 'admin')
  return fc.oneof(
    { weight: 2, arbitrary: fc.constant<AuthPlan>({ kind: 'none' }) },
    { weight: 3, arbitrary: role.map((r): AuthPlan => ({ kind: 'token', role: r })) },
    {
      weight: 2,
      arbitrary: fc
        .oneof(
          headerText(80),
          headerText(80).map((s) => `Bearer ${s}`),
          fc.constantFrom(
            'Bearer',
            'Bearer ',
            'bearer  x',
            'Bearer a b',
            'Basic YWRtaW46eA==',
            'Token x',
            `Bearer ${'a'.repeat(8_192)}`,
          ),
        )
        .map((value): AuthPlan => ({ kind: 'raw', value })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(role, fc.constantFrom('basic', 'suffix', 'upper', 'twice', 'lower-scheme'))
        .map(([r, how]): AuthPlan => ({ kind: 'mangled', role: r, how })),
    },
  )
}

const signatureValue = fc.oneof(
  headerText(80),
  hex64.map((h) => `sha256=${h}`),
  fc.constantFrom('sha256=', 'sha256', ''),
)

const headersArb: fc.Arbitrary<Record<string, string>> = fc.record(
  {
    'idempotency-key': fc.oneof(fc.uuid(), headerText(300), fc.constantFrom('', ' ', 'a b', 'x'.repeat(256))),
    'btcpay-sig': signatureValue,
    'sandbox-sig': signatureValue,
    accept: fc.constantFrom('*/*', 'text/html', 'application/json', 'application/xml', ''),
    origin: fc.constantFrom('http://localhost:8080', 'https://evil.example', 'null', ''),
    'access-control-request-method': fc.constantFrom('POST', 'GET', 'DELETE', 'PURGE', ''),
    'access-control-request-headers': fc.constantFrom('authorization,content-type', 'x-evil', ''),
    'content-encoding': fc.constantFrom('gzip', 'identity', 'br', 'x'),
    'accept-encoding': fc.constantFrom('gzip', 'br, deflate', '*', 'x'),
    'x-forwarded-proto': fc.constantFrom('https', 'http', 'x'),
    cookie: headerText(60),
  },
  { requiredKeys: [] },
)

const ipArb = fc.oneof(
  { weight: 6, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
  // one shared address, so the per-IP limits answer 429 now and then
  { weight: 1, arbitrary: fc.constant('203.0.113.7') },
  { weight: 1, arbitrary: fc.tuple(fc.ipV4(), fc.ipV4()).map(([a, b]) => `${a}, ${b}`) },
  { weight: 1, arbitrary: headerText(40) },
)

const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

function methodArb(key: string): fc.Arbitrary<string> {
  const [method = 'GET'] = key.split(' ')
  if (method === 'ANY') return fc.constantFrom(...OTHER_METHODS)
  // HEAD is registered beside every GET
  if (method === 'GET')
    return fc.oneof(
      { weight: 4, arbitrary: fc.constant('GET') },
      { weight: 1, arbitrary: fc.constant('HEAD') },
    )
  return fc.constant(method)
}

function planArb(key: string, spec: FuzzSpec): fc.Arbitrary<Plan> {
  const pattern = key.slice(key.indexOf(' ') + 1)
  const pathOf = (valid: boolean) =>
    pattern === '/api/unknown'
      ? fc.oneof(
          fc.constantFrom(
            '/api',
            '/api/nope',
            '/api/wallet/pay/extra',
            '/api/../etc/passwd',
            '/api//wallet',
            '/api/%zz',
          ),
          fc.string({ unit: 'binary', maxLength: 20 }).map((s) => `/api/${encode(s)}x`),
        )
      : pathArb(pattern, spec, valid)
  // a quarter of the requests are well formed, so every handler runs past validation
  const wellFormed = fc.integer({ min: 0, max: 3 }).map((n) => n === 0)
  return wellFormed.chain((valid) =>
    fc.record({
      method: methodArb(key),
      path: pathOf(valid),
      query: queryArb(spec, valid),
      auth: authArb(spec, valid),
      contentType: valid
        ? fc.constantFrom(...(spec.contentTypes ?? ['application/json']))
        : fc.option(fc.oneof(fc.constantFrom(...CONTENT_TYPES), headerText(40)), { nil: undefined }),
      headers: valid ? fc.constant(spec.headers ?? {}) : headersArb,
      body: bodyArb(spec, valid),
      sign: spec.signs ? (valid ? fc.constant(true) : fc.boolean()) : fc.constant(false),
      forwardedFor: fc.option(ipArb, { nil: undefined, freq: 8 }),
      remoteAddress: fc.ipV4(),
    }),
  )
}

// ---------------------------------------------------------------------------------------------
// The app, its accounts, and sending a plan

let t: TestApp
let memberHash = ''
const tokens = { user: '', admin: '' }
let stale = false

async function provision(): Promise<void> {
  await t.db
    .insert(users)
    .values([
      { email: MEMBER.email, passwordHash: memberHash, emailVerifiedAt: new Date() },
      { email: PENDING_EMAIL, passwordHash: memberHash },
    ])
    .onConflictDoNothing()
  const [member] = await t.db.select().from(users).where(eq(users.email, MEMBER.email))
  if (!member) throw new Error('member not created')
  await t.db.insert(wallets).values({ userId: member.id, balanceCents: 100_000 }).onConflictDoNothing()
  tokens.user = await createSession(t.db, member.id)
  tokens.admin = await createAdminSession(t.db, ADMIN.username)
  const payments = paymentsService(t.config, t.database)
  pool.chargeIds = []
  pool.invoiceIds = []
  for (const chargeType of ['topup', 'post'] as const) {
    const charge = await payments.createCharge({
      userId: member.id,
      chargeType,
      amountCents: 500,
      description: 'fuzz',
      listingId: null,
      draft: null,
    })
    pool.chargeIds.push(charge.charge_id)
    const row = await payments.findCharge(charge.charge_id)
    if (row) pool.invoiceIds.push(row.providerInvoiceId)
  }
  pool.phraseIds = (await t.db.select({ id: bannedPhrases.id }).from(bannedPhrases).limit(5)).map((r) => r.id)
  pool.adIds = []
  for (const [i, status] of (['live', 'pending_payment', 'removed'] as const).entries()) {
    const id = `fuzzad${i}00000`
    await t.db
      .insert(ads)
      .values({
        id,
        ownerId: member.id,
        status,
        title: 'Fuzz robe',
        category: 'adult-buy-sell',
        province: 'ON',
        city: 'Toronto',
        priceUnit: 'per_unit',
        contactHandle: '@fuzz',
        publishedAt: status === 'pending_payment' ? null : new Date(),
        expiresAt: status === 'pending_payment' ? null : new Date(Date.now() + 86_400_000),
      })
      .onConflictDoNothing()
    pool.adIds.push(id)
  }
  stale = false
}

function authorization(auth: AuthPlan): string | undefined {
  switch (auth.kind) {
    case 'none':
      return undefined
    case 'token':
      return `Bearer ${tokens[auth.role]}`
    case 'raw':
      return auth.value
    case 'mangled': {
      const token = tokens[auth.role]
      if (auth.how === 'basic') return `Basic ${token}`
      if (auth.how === 'suffix') return `Bearer ${token}x`
      if (auth.how === 'upper') return `Bearer ${token.toUpperCase()}`
      if (auth.how === 'twice') return `Bearer ${token} ${token}`
      return `bearer ${token}`
    }
  }
}

function payloadOf(body: BodyPlan): string | Buffer | undefined {
  switch (body.kind) {
    case 'none':
      return undefined
    case 'json':
      return serialise(body.value)
    case 'text':
      return body.text
    case 'bytes':
      return Buffer.from(body.bytes)
  }
}

async function send(plan: Plan, spec: FuzzSpec): Promise<LightMyRequestResponse> {
  if (stale) await provision()
  const payload = payloadOf(plan.body)
  const headers: Record<string, string> = { ...plan.headers }
  if (plan.contentType !== undefined) headers['content-type'] = plan.contentType
  const auth = authorization(plan.auth)
  if (auth !== undefined) headers.authorization = auth
  if (plan.sign && spec.signs) headers[spec.signs.header] = signBody(spec.signs.secret, payload ?? '')
  if (plan.forwardedFor !== undefined) headers['x-forwarded-for'] = plan.forwardedFor
  const options: InjectOptions = {
    method: plan.method as InjectOptions['method'],
    url: plan.query ? `${plan.path}?${plan.query}` : plan.path,
    headers,
    remoteAddress: plan.remoteAddress,
    ...(payload === undefined ? {} : { payload }),
  }
  return t.app.inject(options)
}

// "    at fn (/path/file.ts:12:5)", "at file:///x.js:1:2", "at node:internal/…:3:4"
const STACK_TRACE = /\bat (?:async )?(?:[^\s()]+ )?\(?(?:file:\/\/|node:|\/)[^\s()]*:\d+:\d+\)?/
const INTERNALS = /node_modules\/|\/work\/|Error: .*\n\s+at /

function describePlan(plan: Plan, res: LightMyRequestResponse): string {
  const body = res.body.length > 400 ? `${res.body.slice(0, 400)}…` : res.body
  return `${plan.method} ${plan.path}${plan.query ? `?${plan.query.slice(0, 200)}` : ''} → ${res.statusCode} ${body}`
}

function checkAnswer(plan: Plan, spec: FuzzSpec, res: LightMyRequestResponse): void {
  const where = describePlan(plan, res)
  if (res.statusCode >= 500) throw new Error(`server error: ${where}`)
  if (STACK_TRACE.test(res.body) || INTERNALS.test(res.body))
    throw new Error(`stack trace or internals leaked: ${where}`)
  if (plan.method === 'HEAD' || res.statusCode === 204 || (res.statusCode < 400 && spec.page)) return
  if (res.statusCode >= 300 && res.statusCode < 400) return
  const type = String(res.headers['content-type'] ?? '')
  if (!type.startsWith('application/json')) throw new Error(`not JSON (${type}): ${where}`)
  if (res.statusCode >= 400) {
    let parsed: unknown
    try {
      parsed = JSON.parse(res.body)
    } catch {
      throw new Error(`error body is not JSON: ${where}`)
    }
    const detail = (parsed as { detail?: unknown } | null)?.detail
    if (typeof detail !== 'string' || detail.length === 0) throw new Error(`error without a detail: ${where}`)
    if (Object.keys(parsed as object).length !== 1)
      throw new Error(`error body has more than detail: ${where}`)
  }
}

/** preHandler hooks run once parsing and validation passed: counts requests that reached a handler. */
let validatedRequests = 0

// ---------------------------------------------------------------------------------------------

let discovered: string[] = []

/** Routes whose success ends the sessions the next requests would use. */
const SESSION_ENDERS = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  'POST /api/admin/logout',
  'POST /api/admin/purge',
])

/** An app on a fresh database, counting the requests that pass validation. */
function fuzzApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  return createTestApp(
    {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      BTCPAY_WEBHOOK_SECRET: BTCPAY_SECRET,
      // the bench's deployment shape: client IPs (and so rate-limit keys) come from X-Forwarded-For
      TRUST_PROXY: 1,
      ...overrides,
    },
    {
      setup: (app) => {
        app.addHook('preHandler', async () => {
          validatedRequests++
        })
      },
    },
  )
}

beforeAll(async () => {
  memberHash = await hashPassword(MEMBER.password)
  t = await fuzzApp()
  discovered = discoverRoutes(t.app.printRoutes({ commonPrefix: false }))
})
afterAll(() => t?.close())
beforeEach(async () => {
  await t.reset()
  // before the first request is generated, so its ids come from this database
  await provision()
})

/** `METHOD /path` of every route, read from printRoutes' tree (one level per 4 columns). */
function discoverRoutes(tree: string): string[] {
  const found: string[] = []
  const prefixes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods] = match
    const depth = Math.floor(indent.length / 4)
    const path = (prefixes[depth - 1] ?? '') + segment
    prefixes[depth] = path
    prefixes.length = depth + 1
    for (const method of methods?.split(', ') ?? []) found.push(`${method} ${path}`)
  }
  return found
}

function coverageKey(route: string): string {
  return route.startsWith('HEAD ') ? `GET ${route.slice(5)}` : route
}

describe('fuzzing the API', () => {
  it('finds the routes in the app and has a fuzz entry for every one of them', () => {
    expect(discovered).toContain('POST /api/wallet/pay')
    expect(discovered).toContain('OPTIONS *')
    const missing = discovered.filter((route) => !(coverageKey(route) in FUZZ))
    expect(missing, 'routes without a FUZZ entry: add one so they are fuzzed').toEqual([])
    const registered = new Set(discovered.map(coverageKey))
    const gone = Object.keys(FUZZ).filter((key) => !key.startsWith('ANY ') && !registered.has(key))
    expect(gone, 'FUZZ entries for routes the app no longer has').toEqual([])
  })

  const keys = Object.keys(FUZZ).filter((key) => ONLY === undefined || key === ONLY)
  it.each(keys)('%s: never 5xx, errors are { detail }, no stack traces', fuzzRoute)
})

// The payment routes again with the BTCPay provider behind them (a fake Greenfield server on
// loopback), so its webhook's signature check and parser and its invoice reads are fuzzed too.
describe('fuzzing the payment routes with the btcpay provider', () => {
  const BTCPAY = { apiKey: 'fuzz-api-key', storeId: 'fuzz-store' }
  let fake: FakeGreenfield
  let sandboxApp: TestApp

  beforeAll(async () => {
    fake = await startFakeGreenfield({ ...BTCPAY, webhookSecret: BTCPAY_SECRET })
    sandboxApp = t
    t = await fuzzApp({
      PAYMENT_PROVIDER: 'btcpay',
      BTCPAY_URL: fake.url,
      BTCPAY_API_KEY: BTCPAY.apiKey,
      BTCPAY_STORE_ID: BTCPAY.storeId,
    })
  })
  afterAll(async () => {
    await t.close()
    await fake.close()
    t = sandboxApp
  })

  const keys = Object.keys(FUZZ).filter(
    (key) => /\/api\/(payments|wallet\/topup)\//.test(key) && (ONLY === undefined || key === ONLY),
  )
  it.each(keys)('%s: never 5xx, errors are { detail }, no stack traces', fuzzRoute)
})

async function fuzzRoute(key: string): Promise<void> {
  const spec = FUZZ[key] as FuzzSpec
  const statuses = new Map<number, number>()
  let reached = 0
  await fc.assert(
    fc.asyncProperty(planArb(key, spec), async (plan) => {
      const before = validatedRequests
      const res = await send(plan, spec)
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      if (validatedRequests > before || res.statusCode < 400) reached++
      // logout and purge end the sessions the next requests would use
      if (res.statusCode < 300 && SESSION_ENDERS.has(key)) stale = true
      checkAnswer(plan, spec, res)
    }),
    { numRuns: RUNS, ...(SEED === undefined ? {} : { seed: SEED }) },
  )
  const total = [...statuses.values()].reduce((a, b) => a + b, 0)
  const limited = statuses.get(429) ?? 0
  const summary = JSON.stringify(Object.fromEntries(statuses))
  expect(limited, `mostly rate limited: ${summary}`).toBeLessThan(total / 2)
  expect(reached, `no request got past validation: ${summary}`).toBeGreaterThan(0)
}
