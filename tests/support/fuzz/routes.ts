// What each route gets. Keys are `METHOD /registered/path`; HEAD reuses the GET entry. A route
// added to the app without an entry here fails the coverage test in tests/api/fuzz.test.ts.
import fc from 'fast-check'
import {
  ADS_LIST,
  adEdges,
  adFields,
  adId,
  dollarEdges,
  dollars,
  email,
  emailEdges,
  idEdges,
  linkToken,
  linkTokenEdges,
  listingId,
  password,
  passwordEdges,
  webhookEdges,
} from './fields.ts'
import {
  ADMIN,
  BTCPAY_SECRET,
  deep,
  type FuzzSpec,
  fromPool,
  Huge,
  huge,
  MEMBER,
  SANDBOX_SECRET,
} from './values.ts'

// ids that pass validation (most name nothing: 404), and reasons an admin would type
const mediaIdParam = fc.constantFrom('abcdefghijkl', 'm_0123456789', 'nope')
const verificationIdParam = fc.constantFrom('1', '2', '3', '9999')
const decisionReason = fc.oneof(
  fc.constantFrom('Blurry photo', 'Le code n’est pas visible', 'x'.repeat(500)),
  fc
    .string({ minLength: 1, maxLength: 100 })
    .filter((text) => text.trim() !== '' && !text.includes('\u0000')),
)

export const FUZZ: Record<string, FuzzSpec> = {
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
  // crawler files at the site root: text and XML, never a 5xx (even with no ads)
  'GET /robots.txt': { page: true },
  'GET /sitemap.xml': { page: true },
  // the pages' prefetch rules (src/domain/speculation-rules.ts): JSON of its own type, never a 5xx
  'GET /speculation-rules.json': { page: true },
  // operations: health for the balancer, metrics for the admin or a scraper's token (text, not JSON)
  'GET /healthz': {},
  'GET /readyz': {},
  'GET /metrics': { role: 'admin', page: true },
  // the 18+ gate's no-JavaScript form: any return path comes back to this site
  'POST /adult-gate': {
    page: true,
    body: {
      return: fc.constantFrom(
        '/',
        '/ca/on',
        '/ca/on/escorts?page=2',
        '//evil.example',
        'https://evil.example/',
      ),
    },
    contentTypes: ['application/x-www-form-urlencoded', 'application/json'],
  },
  'GET /api/dev/outbox': { role: 'admin', query: { to: email }, edges: { to: emailEdges } },
  'POST /api/dev/ads/:id/expire': { role: 'admin', params: { id: adId } },
  'GET /api/meta/ad-rules': {},
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
