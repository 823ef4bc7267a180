// FUZZ entries for posting and policing ads (./routes.ts assembles them): the moderation check and
// banned words, member and admin sign-in, the ads themselves, their media, and reports on them.
import fc from 'fast-check'
import {
  ADS_LIST,
  adEdges,
  adFields,
  adId,
  email,
  emailEdges,
  linkToken,
  linkTokenEdges,
  password,
  passwordEdges,
} from './fields.ts'
import { ADMIN, type FuzzSpec, fromPool } from './values.ts'

export const AD_ROUTES: Record<string, FuzzSpec> = {
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
  'PUT /api/ads/:id': { role: 'user', params: { id: adId }, body: adFields, edges: adEdges },
  'DELETE /api/ads/:id': { role: 'user', params: { id: adId } },
  'POST /api/ads/:id/reveal': { params: { id: adId } },
  // the view beacon has no body; whatever it is sent, a 204 or a 400
  'POST /api/ads/views': {
    query: {
      ads: fc.array(fromPool('adIds'), { minLength: 1, maxLength: 20 }).map((ids) => ids.join('.')),
      d: fc.stringMatching(/^[A-Za-z0-9_-]{8,64}$/),
    },
    edges: {
      ads: fc.oneof(
        fc.array(adId, { minLength: 1, maxLength: 22 }).map((ids) => ids.join('.')),
        fc.constantFrom('', '.', 'abcdefghijkl,abcdefghijkl', 'abcdefghijkl.', 'ABCDEFGHIJKL'),
      ),
      d: fc.constantFrom('short', 'x'.repeat(65), 'a b', ''),
    },
  },
  'GET /api/ads/:id/stats': { role: 'user', params: { id: adId } },
  'POST /api/ads/:id/available': {
    role: 'user',
    params: { id: adId },
    body: { hours: fc.oneof(fc.integer({ min: 1, max: 12 }), fc.constantFrom(3, 12)) },
    edges: { hours: fc.constantFrom(0, 13, -1, 1.5, '3', null, 1e9) },
  },
  'DELETE /api/ads/:id/available': { role: 'user', params: { id: adId } },
  'PUT /api/ads/:id/tours': {
    role: 'user',
    params: { id: adId },
    bodyList: 5,
    body: {
      province: fc.constantFrom('AB', 'ON', 'QC', 'NU'),
      city: fc.constantFrom('Calgary', 'calgary', 'Toronto', 'Montréal', 'Atlantis', ''),
      from: fc.constantFrom('2026-12-01', '2999-01-01', '2020-01-01', '2026-02-30'),
      to: fc.constantFrom('2026-12-05', '2999-01-10', '2020-01-02'),
    },
    edges: {
      province: fc.constantFrom('ALL', 'ab', 'XX', ''),
      city: fc.constantFrom('x'.repeat(101), '\u0000', ' '),
      from: fc.constantFrom('', '2026-1-1', '2026-12-01T00:00:00Z', '9999-99-99', '+275760-09-13'),
      to: fc.constantFrom('', 'tomorrow', '0000-00-00'),
    },
  },
  'PUT /api/ads/:id/bump-schedule': {
    role: 'user',
    params: { id: adId },
    body: {
      timeZone: fc.constantFrom('America/Toronto', 'UTC', 'Mars/Olympus', undefined),
      times: fc.constantFrom(['09:00'], ['09:00', '21:00'], ['24:00'], undefined),
      days: fc.constantFrom(1, 3, 14, undefined),
      moments: fc.constantFrom(undefined, ['2999-01-01T00:00:00Z'], ['2026-01-01T00:00:00Z']),
    },
    edges: {
      timeZone: fc.constantFrom('', 'x'.repeat(65), '\u0000', 1),
      times: fc.constantFrom([], 'x', Array(7).fill('10:00'), ['9:00']),
      days: fc.constantFrom(0, 15, 1.5, '3', null),
      moments: fc.constantFrom([], 'x', ['yesterday'], Array(51).fill('2999-01-01T00:00:00Z')),
    },
  },
  'GET /api/ads/:id/bump-schedule': { role: 'user', params: { id: adId } },
  'DELETE /api/ads/:id/bump-schedule': { role: 'user', params: { id: adId } },
  'POST /api/admin/logout': { role: 'admin' },
  // garbage multipart bodies: a broken part must answer 4xx, never 5xx (media-upload tests send real files)
  'POST /api/media': { role: 'user', contentTypes: ['multipart/form-data; boundary=x'] },
  'POST /api/media/': { role: 'user', contentTypes: ['multipart/form-data; boundary=x'] },
  'GET /media/:id/:variant': {
    page: true,
    params: {
      id: fc.oneof(fc.constantFrom('AAAAAAAAAAAAAAAAAAAAAA', 'x'.repeat(101)), fc.string({ maxLength: 30 })),
      variant: fc.constantFrom('320.webp', '640.webp', '1280.webp', 'video', '641.webp', ''),
    },
  },
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
    params: { id: adId, action: fc.constantFrom('dismiss', 'remove', 'restore', 'hold') },
    body: { reason: fc.string({ maxLength: 100 }) },
    edges: { reason: fc.constantFrom('x'.repeat(501), '\u0000', '\ud800') },
  },
  'POST /api/admin/reports/release': {
    role: 'admin',
    body: { adIds: fc.array(adId, { maxLength: 5 }), reason: fc.string({ maxLength: 100 }) },
    edges: {
      adIds: fc.constantFrom(
        [],
        Array.from({ length: 101 }, () => 'abcdefghijkl'),
        ['x'.repeat(101)],
        'abc',
      ),
      reason: fc.constantFrom('x'.repeat(501), '\u0000'),
    },
  },
}
