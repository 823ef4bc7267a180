// FUZZ entries for photo review, advertiser verification and the member's own account (./routes.ts
// assembles them).
import fc from 'fast-check'
import { adId, linkToken, linkTokenEdges } from './fields.ts'
import { type FuzzSpec, MEMBER } from './values.ts'

// ids that pass validation (most name nothing: 404), and reasons an admin would type
const mediaIdParam = fc.constantFrom('abcdefghijkl', 'm_0123456789', 'nope')
const verificationIdParam = fc.constantFrom('1', '2', '3', '9999')
const legalHoldIdParam = fc.oneof(fc.uuid(), fc.constantFrom('1', 'not-a-uuid', 'x'.repeat(100)))
const accountIdParam = fc.oneof(fc.uuid(), fc.constantFrom('1', 'not-a-uuid', 'x'.repeat(100)))
const decisionReason = fc.oneof(
  fc.constantFrom('Blurry photo', 'Le code n’est pas visible', 'x'.repeat(500)),
  fc
    .string({ minLength: 1, maxLength: 100 })
    .filter((text) => text.trim() !== '' && !text.includes('\u0000')),
)

// a saved search's id is a uuid: one that names nobody's search, and ones of other shapes (all 404)
const savedSearchId = fc.oneof(fc.uuid(), fc.constantFrom('1', 'not-a-uuid', 'x'.repeat(100)))
const SAVED_SEARCH = {
  body: {
    province: fc.constantFrom('ON', 'qc', 'ALL'),
    category: fc.constantFrom('adult-buy-sell', 'adult-services'),
    city: fc.constantFrom('ALL', 'Toronto', 'montréal', undefined),
    q: fc.oneof(
      fc.constantFrom('silk', '"silk robe"', '-lace', '!!&|(', undefined),
      fc.string({ maxLength: 50 }),
    ),
    escortType: fc.constantFrom('female-companion', 'trans-companion', undefined),
    verified: fc.constantFrom(true, false, undefined),
    alert: fc.constantFrom('none', 'email', 'push', 'both'),
    frequency: fc.constantFrom('instant', 'daily'),
  },
  edges: {
    province: fc.constantFrom('XX', '', '\u0000'),
    category: fc.constantFrom('cars', ''),
    city: fc.constantFrom('x'.repeat(101), '\u0000'),
    q: fc.constantFrom('x'.repeat(201), '\u0000', '\ud800'),
    escortType: fc.constantFrom('robot', ''),
    verified: fc.constantFrom('yes', 1),
    alert: fc.constantFrom('sms', ''),
    frequency: fc.constantFrom('hourly', ''),
  },
}

export const REVIEW_AND_ACCOUNT_ROUTES: Record<string, FuzzSpec> = {
  // verified advertisers and photo review (docs/decisions/031-verified-advertisers.md, 032-photo-review.md)
  'GET /api/admin/photos': { role: 'admin' },
  'POST /api/admin/photos/:mediaId/approve': { role: 'admin', params: { mediaId: mediaIdParam } },
  'POST /api/admin/photos/:mediaId/refuse': {
    role: 'admin',
    params: { mediaId: mediaIdParam },
    body: { reason: decisionReason },
    edges: { reason: fc.constantFrom('', 'x'.repeat(501), '\u0000', '\ud800') },
  },
  'GET /api/admin/verifications': {
    role: 'admin',
    query: {
      status: fc.constantFrom('pending', 'approved'),
      email: fc.oneof(fc.constantFrom('member', '%', '_'), fc.string()),
    },
    edges: { status: fc.constantFrom('gone', ''), email: fc.constantFrom('x'.repeat(201), '\u0000') },
  },
  'GET /api/admin/verifications/:id/photos/:n': {
    role: 'admin',
    page: true,
    params: { id: verificationIdParam, n: fc.constantFrom('0', '1', '2', '-1', 'x', '99999999999') },
  },
  'POST /api/admin/verifications/:id/approve': { role: 'admin', params: { id: verificationIdParam } },
  'POST /api/admin/verifications/:id/refuse': {
    role: 'admin',
    params: { id: verificationIdParam },
    body: { reason: decisionReason },
    edges: { reason: fc.constantFrom('', 'x'.repeat(501), '\u0000', '\ud800') },
  },
  'POST /api/admin/verifications/:id/revoke': {
    role: 'admin',
    params: { id: verificationIdParam },
    body: { reason: decisionReason },
    edges: { reason: fc.constantFrom('', 'x'.repeat(501), '\u0000', '\ud800') },
  },
  // one person, one account (docs/decisions/055-shared-contacts.md): ids that name no account, so the
  // fuzz never suspends the member the other routes are fuzzed as
  'GET /api/admin/shared-contacts': { role: 'admin' },
  'POST /api/admin/shared-contacts/dismiss': {
    role: 'admin',
    body: {
      kind: fc.constantFrom('phone', 'email', 'handle'),
      contact: fc.constantFrom('514-555-0100', 'seller@example.com', '@robe', 'nobody'),
      reason: fc.option(decisionReason, { nil: undefined }),
    },
    edges: {
      kind: fc.constantFrom('fax', ''),
      contact: fc.constantFrom('', '   ', 'x'.repeat(321), '\u0000'),
      reason: fc.constantFrom('x'.repeat(501), '\u0000'),
    },
  },
  'POST /api/admin/accounts/:id/suspend': {
    role: 'admin',
    params: { id: accountIdParam },
    body: { reason: decisionReason },
    edges: { reason: fc.constantFrom('', '   ', 'x'.repeat(501), '\u0000', '\ud800') },
  },
  'POST /api/admin/accounts/:id/unsuspend': {
    role: 'admin',
    params: { id: accountIdParam },
    body: { reason: decisionReason },
    edges: { reason: fc.constantFrom('', 'x'.repeat(501), '\u0000') },
  },
  // legal holds (docs/decisions/057-legal-holds.md): hold ids that name no hold (404) or are no uuid
  'GET /api/admin/legal-holds': { role: 'admin' },
  'POST /api/admin/legal-holds': {
    role: 'admin',
    body: {
      adId,
      reason: decisionReason,
      externalReference: fc.option(fc.constantFrom('CTIP-2026-0001', 'SPVM 1234', ''), { nil: undefined }),
    },
    edges: {
      adId: fc.constantFrom('', 'x'.repeat(101), 7),
      reason: fc.constantFrom('', '   ', 'x'.repeat(501), '\u0000', '\ud800'),
      externalReference: fc.constantFrom('x'.repeat(201), '\u0000', 12),
    },
  },
  'PATCH /api/admin/legal-holds/:id': {
    role: 'admin',
    params: { id: legalHoldIdParam },
    body: { externalReference: fc.constantFrom('CTIP-2026-0001', '', 'x'.repeat(200)) },
    edges: { externalReference: fc.constantFrom('x'.repeat(201), '\u0000', null) },
  },
  'GET /api/admin/legal-holds/:id/archive': { role: 'admin', page: true, params: { id: legalHoldIdParam } },
  'POST /api/admin/legal-holds/:id/release': {
    role: 'admin',
    params: { id: legalHoldIdParam },
    body: { reason: decisionReason },
    edges: { reason: fc.constantFrom('', '   ', 'x'.repeat(501), '\u0000') },
  },
  'GET /api/account/verification': { role: 'user' },
  'GET /api/account/verification/': { role: 'user' },
  'POST /api/account/verification': { role: 'user', contentTypes: ['multipart/form-data; boundary=x'] },
  'POST /api/account/verification/': { role: 'user', contentTypes: ['multipart/form-data; boundary=x'] },
  'POST /api/ads/:id/appeal': {
    role: 'user',
    params: { id: adId },
    body: { note: fc.string({ maxLength: 200 }) },
    edges: { note: fc.constantFrom('', '   ', 'x'.repeat(1001), '\u0000', '\ud800') },
  },
  // a zip, not JSON
  'GET /api/account/export': { role: 'user', page: true },
  'GET /api/account/favourites': { role: 'user' },
  'GET /api/account/favourites/': { role: 'user' },
  'PUT /api/account/favourites/:adId': { role: 'user', params: { adId } },
  'DELETE /api/account/favourites/:adId': { role: 'user', params: { adId } },
  'POST /api/account/favourites/merge': {
    role: 'user',
    body: {
      items: fc.array(
        fc.record({
          adId,
          savedAt: fc.constantFrom('2026-11-01T10:00:00Z', '2999-01-01T00:00:00+01:00', undefined),
        }),
        { maxLength: 5 },
      ),
    },
    edges: {
      items: fc.constantFrom(
        null,
        'x',
        [{}],
        [{ adId: 1 }],
        [{ adId: 'abcdefghijkl', savedAt: 'yesterday' }],
      ),
    },
  },
  // saved searches (docs/decisions/052-saved-searches.md): a listing's fields and the stored alert
  'GET /api/account/searches': { role: 'user' },
  'GET /api/account/searches/': { role: 'user' },
  'POST /api/account/searches': { role: 'user', ...SAVED_SEARCH },
  'POST /api/account/searches/': { role: 'user', ...SAVED_SEARCH },
  'PATCH /api/account/searches/:id': {
    role: 'user',
    params: { id: savedSearchId },
    body: { alert: SAVED_SEARCH.body.alert, frequency: SAVED_SEARCH.body.frequency },
    edges: { alert: SAVED_SEARCH.edges.alert, frequency: SAVED_SEARCH.edges.frequency },
  },
  'DELETE /api/account/searches/:id': { role: 'user', params: { id: savedSearchId } },
  'POST /api/account/searches/:id/opened': { role: 'user', params: { id: savedSearchId } },
  // no session: the signed token is the proof (docs/decisions/054-alerts.md)
  'GET /api/searches/unsubscribe': { query: { token: linkToken }, edges: { token: linkTokenEdges } },
  'POST /api/searches/unsubscribe': { query: { token: linkToken }, edges: { token: linkTokenEdges } },
  'GET /api/push/key': {},
  // endpoints that resolve to nothing reachable: the checks answer 400, never a request out
  'POST /api/push/subscriptions': {
    role: 'user',
    body: {
      endpoint: fc.constantFrom('http://127.0.0.1:9/x', 'https://10.0.0.1/x', 'ftp://a/b'),
      keys: fc.record({
        p256dh: fc.base64String({ maxLength: 100 }),
        auth: fc.base64String({ maxLength: 30 }),
      }),
    },
  },
  'DELETE /api/push/subscriptions': { role: 'user', body: { endpoint: fc.webUrl() } },
  // never the member's own password: the account must outlive the fuzzing of the other routes
  'DELETE /api/account': {
    role: 'user',
    body: { password: fc.constantFrom('wrong-password', 'x', 'correct horse') },
    edges: { password: fc.constantFrom('', 'x'.repeat(1025), '\u0000') },
  },
  'DELETE /api/account/': {
    role: 'user',
    body: { password: fc.constantFrom('wrong-password') },
    edges: { password: fc.constantFrom('') },
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
}
