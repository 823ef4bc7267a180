// A whole fuzzed request (a plan): method, path, query, credentials, headers, body, signature and
// client address, drawn for one route's FUZZ entry.
import fc from 'fast-check'
import { hex64 } from './fields.ts'
import { type AuthPlan, bodyArb, encode, type Plan, pathArb, queryArb } from './request-parts.ts'
import { type FuzzSpec, headerText, type Role } from './values.ts'

export const CONTENT_TYPES = [
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

export function authArb(spec: FuzzSpec, valid: boolean): fc.Arbitrary<AuthPlan> {
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

export const signatureValue = fc.oneof(
  headerText(80),
  hex64.map((h) => `sha256=${h}`),
  fc.constantFrom('sha256=', 'sha256', ''),
)

export const headersArb: fc.Arbitrary<Record<string, string>> = fc.record(
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

export const ipArb = fc.oneof(
  { weight: 6, arbitrary: fc.ipV4() },
  { weight: 1, arbitrary: fc.ipV6() },
  // one shared address, so the per-IP limits answer 429 now and then
  { weight: 1, arbitrary: fc.constant('203.0.113.7') },
  { weight: 1, arbitrary: fc.tuple(fc.ipV4(), fc.ipV4()).map(([a, b]) => `${a}, ${b}`) },
  { weight: 1, arbitrary: headerText(40) },
)

export const OTHER_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const

export function methodArb(key: string): fc.Arbitrary<string> {
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

export function planArb(key: string, spec: FuzzSpec): fc.Arbitrary<Plan> {
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
