// FUZZ entries for the site around the API (./routes.ts assembles them): the API root and its docs,
// the crawler files, health and metrics, the 18+ gate, the dev helpers and the meta lists; and the
// catch-alls that come last (any path's CORS preflight, unknown paths).
import fc from 'fast-check'
import { adId, email, emailEdges } from './fields.ts'
import type { FuzzSpec } from './values.ts'

export const SITE_ROUTES: Record<string, FuzzSpec> = {
  'GET /api': {},
  'GET /api/': {},
  'GET /api/docs': { page: true },
  'GET /api/docs/': { page: true },
  'GET /api/docs/json': { runs: 15 },
  'GET /api/docs/yaml': { page: true, runs: 15 },
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
}

export const CATCH_ALL_ROUTES: Record<string, FuzzSpec> = {
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
