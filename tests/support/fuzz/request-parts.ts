// The parts of a fuzzed request: its path with parameters, its query string and its body, each
// well formed (a quarter of the requests, so every handler runs past validation) or not.
import fc from 'fast-check'
import { deep, type FuzzSpec, headerChar, huge, type Role, serialise, wrongValue } from './values.ts'

export type AuthPlan =
  | { kind: 'none' }
  | { kind: 'token'; role: Role }
  | { kind: 'raw'; value: string }
  | { kind: 'mangled'; role: Role; how: 'basic' | 'suffix' | 'upper' | 'twice' | 'lower-scheme' }

export type BodyPlan =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'text'; text: string }
  | { kind: 'bytes'; bytes: Uint8Array }

export interface Plan {
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

export const GARBAGE_PATH_VALUES = [
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
export function encode(text: string): string {
  return encodeURIComponent(text.replace(/\p{Cs}/gu, '\ufffd'))
}

export function encodePath(text: string): string {
  return encodeURI(text.replace(/\p{Cs}/gu, '\ufffd'))
}

export function pathValue(sample: fc.Arbitrary<string> | undefined, valid: boolean): fc.Arbitrary<string> {
  if (valid && sample) return sample.map(encodePath)
  return fc.oneof(
    { weight: sample ? 5 : 0, arbitrary: (sample ?? fc.constant('x')).map(encodePath) },
    { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 30 }).map(encode) },
    { weight: 2, arbitrary: fc.constantFrom(...GARBAGE_PATH_VALUES) },
  )
}

export function pathArb(pattern: string, spec: FuzzSpec, valid: boolean): fc.Arbitrary<string> {
  const names = [...pattern.matchAll(/:(\w+)|\*/g)].map((m) => m[1] ?? '*')
  if (names.length === 0) return fc.constant(pattern)
  return fc.tuple(...names.map((name) => pathValue(spec.params?.[name], valid))).map((values) => {
    let i = 0
    const path = pattern.replace(/:(\w+)|\*/g, () => values[i++] ?? '')
    return path.startsWith('/') ? path : `/${path}`
  })
}

export function encodePair(key: string, value: unknown): string {
  const text = typeof value === 'string' ? value : serialise(value)
  return `${encode(key)}=${encode(text)}`
}

/** A field's value in a fuzzed request: mostly well formed, else a near miss or a wrong type. */
export function fieldArb(
  spec: FuzzSpec,
  key: string,
  wellFormed: fc.Arbitrary<unknown>,
): fc.Arbitrary<unknown> {
  const edge = spec.edges?.[key]
  return fc.oneof(
    { weight: 3, arbitrary: wellFormed },
    { weight: edge ? 2 : 0, arbitrary: edge ?? wrongValue },
    { weight: 2, arbitrary: wrongValue },
  )
}

export function queryArb(spec: FuzzSpec, valid: boolean): fc.Arbitrary<string> {
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

/** A body that is an array of the spec's objects: a list as sent, or items and lengths gone wrong. */
function listBodyArb(spec: FuzzSpec, max: number, valid: boolean): fc.Arbitrary<BodyPlan> {
  const fields = Object.entries(spec.body ?? {})
  const item = fc.record(Object.fromEntries(fields))
  if (valid) return fc.array(item, { maxLength: max }).map((value): BodyPlan => ({ kind: 'json', value }))
  const wrongItem = fc.oneof(
    fc.record(Object.fromEntries(fields.map(([key, sample]) => [key, fieldArb(spec, key, sample)])), {
      requiredKeys: [],
    }),
    wrongValue,
  )
  return fc.oneof(
    fc
      .array(fc.oneof(item, wrongItem), { maxLength: max + 3 })
      .map((value): BodyPlan => ({ kind: 'json', value })),
    bodyArb({ ...spec, bodyList: undefined }, false),
  )
}

export function bodyArb(spec: FuzzSpec, valid: boolean): fc.Arbitrary<BodyPlan> {
  const fields = Object.entries(spec.body ?? {})
  const wellFormed = fc.record(Object.fromEntries(fields), { requiredKeys: [] })
  if (spec.bodyList !== undefined) return listBodyArb(spec, spec.bodyList, valid)
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
