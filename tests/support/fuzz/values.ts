// The fuzzer's raw material: the accounts it signs in as, ids known once the database is seeded,
// oversized and deeply nested payloads, nasty strings and wrong types, and what a route's entry in
// FUZZ (./routes.ts) says about it.
import fc from 'fast-check'
import { BODY_LIMIT_BYTES } from '#server/app.ts'

export const ADMIN = { username: 'admin', password: 'fuzz-admin-secret' }
export const MEMBER = { email: 'member@example.com', password: 'member-password' }
export const PENDING_EMAIL = 'pending@example.com'
export const SANDBOX_SECRET = 'fuzz-sandbox-secret'
export const BTCPAY_SECRET = 'fuzz-btcpay-secret'

// ---------------------------------------------------------------------------------------------
// Values that are only known once the database is seeded; generators pick from them lazily.

export interface Pool {
  chargeIds: string[]
  invoiceIds: string[]
  phraseIds: string[]
  adIds: string[]
}
export const pool: Pool = { chargeIds: [], invoiceIds: [], phraseIds: [], adIds: [] }

export function fromPool(key: keyof Pool): fc.Arbitrary<string> {
  return fc.nat().map((i) => {
    const list = pool[key]
    return list.length === 0 ? 'none' : (list[i % list.length] ?? 'none')
  })
}

// Big payloads are built only when a request is sent, so fast-check prints and shrinks a size
// instead of a megabyte of text.
export class Huge {
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
export class Deep {
  constructor(readonly depth: number) {}
  toJSON(): string {
    return `__fuzz_deep_${this.depth}__`
  }
  [fc.toStringMethod](): string {
    return `Deep(${this.depth})`
  }
}

export function serialise(value: unknown): string {
  const text = JSON.stringify(value) ?? 'null'
  return text.replace(/"__fuzz_deep_(\d+)__"/g, (_m, depth: string) => {
    const n = Number(depth)
    return `${'['.repeat(n)}${']'.repeat(n)}`
  })
}

export const HUGE_SIZES = [
  1_000,
  70_000,
  300_000,
  BODY_LIMIT_BYTES - 200,
  BODY_LIMIT_BYTES + 1,
  2 * BODY_LIMIT_BYTES,
]
export const huge = fc
  .tuple(fc.constantFrom(...HUGE_SIZES), fc.constantFrom('x', 'é', ' ', '\u0000', '😀'))
  .map(([size, char]) => new Huge(Math.ceil(size / Buffer.byteLength(char)), char))
export const deep = fc.constantFrom(100, 5_000, 100_000, 400_000).map((d) => new Deep(d))

// ---------------------------------------------------------------------------------------------
// Building blocks

export const headerChar = fc
  .oneof(
    { weight: 8, arbitrary: fc.integer({ min: 0x20, max: 0x7e }) },
    { weight: 1, arbitrary: fc.integer({ min: 0x80, max: 0xff }) },
    { weight: 1, arbitrary: fc.constant(0x09) },
  )
  .map((c) => String.fromCharCode(c))
export const headerText = (maxLength: number) => fc.string({ unit: headerChar, maxLength })

/** Strings that tend to break things: NUL, lone surrogates, RTL, long runs, SQL and path syntax. */
export const nastyString = fc.oneof(
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
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
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

// ---------------------------------------------------------------------------------------------
// What each route gets. Keys are `METHOD /registered/path`; HEAD reuses the GET entry.

export type Role = 'user' | 'admin'
export type Fields = Record<string, fc.Arbitrary<unknown>>

export interface FuzzSpec {
  /** the token a well-formed request carries */
  role?: Role
  /** path parameter (`:name` or `*`) → well-formed values; garbage is mixed in */
  params?: Record<string, fc.Arbitrary<string>>
  /** well-formed query values */
  query?: Fields
  /** well-formed body fields */
  body?: Fields
  /** the body is a JSON array of such objects (at most this many when well formed), not one object */
  bodyList?: number
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
  /** fewer requests than FUZZ_RUNS for a route whose answer is one fixed document (the API docs): it
   * takes no input, and serialising and compressing the whole document 100 times took 12 s a route */
  runs?: number
}
