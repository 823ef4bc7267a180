// Well-formed values per field (what the app itself would send), and near misses around the rules.
import fc from 'fast-check'
import { type Fields, type FuzzSpec, fromPool, MEMBER, nastyString, PENDING_EMAIL } from './values.ts'

export const email = fc.oneof(
  fc.constantFrom(
    MEMBER.email,
    'MEMBER@Example.com',
    ` ${MEMBER.email} `,
    PENDING_EMAIL,
    'nobody@example.com',
  ),
  fc.emailAddress(),
)
export const emailEdges = fc.constantFrom(
  '',
  '@',
  'a@',
  'no-at-sign',
  `${'a'.repeat(250)}@example.com`,
  'a@b\u0000.com',
)
export const password = fc.oneof(
  fc.constantFrom(MEMBER.password, 'wrong-password', '123456', 'x'.repeat(128)),
  fc.string({ minLength: 6, maxLength: 40 }),
)
export const passwordEdges = fc.constantFrom(
  '',
  '12345',
  'x'.repeat(129),
  'x'.repeat(100_000),
  '\u0000\u0000\u0000\u0000\u0000\u0000',
)
export const linkToken = fc.base64String({ minLength: 4, maxLength: 60 })
export const linkTokenEdges = fc.constantFrom('', ' ', 'x'.repeat(513), '\u0000')
export const dollars = fc.oneof(
  fc.constantFrom(5, 5.01, 10, 10_000),
  fc.double({ min: 5, max: 10_000, noNaN: true }),
)
export const dollarEdges = fc.constantFrom(
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
export const listingId = fc.oneof(fc.uuid(), fromPool('adIds'), fc.constantFrom('zzzzzzzzzzzz'))
export const adId = fc.oneof(
  { weight: 4, arbitrary: fromPool('adIds') },
  { weight: 1, arbitrary: fc.constantFrom('zzzzzzzzzzzz', 'not-an-id', 'A'.repeat(12), 'x'.repeat(101)) },
)
export const adText = fc.oneof(
  fc.constantFrom('Silk robe', 'Lingérie', 'barely legal', 'T33n'),
  fc.string({ maxLength: 40 }),
)
export const adFields: Fields = {
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
  ownServicesConfirmed: fc.constantFrom(true, false),
}
export const adEdges: Fields = {
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
export const idEdges = fc.constantFrom('', ' ', 'x'.repeat(201), '\u0000', 'a\u0000b', '\ud800')
export const hex64 = fc.stringMatching(/^[0-9a-f]{64}$/)

export const webhookEdges: Fields = {
  deliveryId: fc.oneof(nastyString, fc.constant('x'.repeat(10_000))),
  invoiceId: fc.oneof(nastyString, fc.constant('x'.repeat(10_000))),
  type: nastyString,
}

export const ADS_LIST: FuzzSpec = {
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
