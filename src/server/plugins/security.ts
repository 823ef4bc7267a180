import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AD_PAGE_SPECULATION_RULES_TEXT } from '#domain/speculation-rules.ts'
import type { Config } from '#server/config.ts'
import { appendVary } from '#server/http/vary.ts'
import { scriptHashSource } from '#server/services/pages/page-html.ts'
import { SANDBOX_PAGE_PATH } from '#server/services/payments/sandbox-provider.ts'
import { DOCS_PREFIX } from './docs.ts'

export function allowedOrigins(config: Config): string[] {
  const extra = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  return [new URL(config.PUBLIC_URL).origin, ...extra]
}

/**
 * The headers helmet sets with these options, worked out once at start. @fastify/helmet rebuilds
 * helmet's middleware, CSP parsing included, on every request: about a tenth of a cached GET's cost
 * (docs/decisions/015-api-request-cost.md). The headers do not depend on the request, so a probe
 * app answers once with the plugin and the hook copies its headers onto every reply.
 */
async function helmetHeaders(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false })
  await probe.register(helmet, options)
  probe.get('/', async () => '')
  const res = await probe.inject('/')
  await probe.close()
  // the probe's own headers (content-type, date, …) are not helmet's
  const plain = Fastify({ logger: false })
  plain.get('/', async () => '')
  const bare = await plain.inject('/')
  await plain.close()
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(res.headers)) {
    if (name in bare.headers || value === undefined) continue
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value)
  }
  return headers
}

/**
 * What a JSON answer needs (OWASP's REST Security Cheat Sheet): it is never a document that runs
 * anything, so its CSP forbids everything, it may not be framed or sniffed into another type, and
 * other sites may not load it. The page set's other headers only concern documents (referrer,
 * opener, origin-agent cluster) or dead browsers (IE's download options, Flash policies), and
 * cost every API answer about 600 bytes (docs/decisions/019-api-answer-cost.md).
 */
function apiHeaders(https: boolean): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'cross-origin-resource-policy': 'same-origin',
    'x-content-type-options': 'nosniff',
    'x-frame-options': 'DENY',
    ...(https ? { 'strict-transport-security': 'max-age=15552000; includeSubDomains' } : {}),
  }
}

/**
 * Powerful browser features no page of ours uses, switched off for us and anything we might embed,
 * so an injected script cannot ask for the camera or the visitor's location. Left alone because
 * the app uses them: fullscreen (video players), web-share and clipboard-write (sharing an ad).
 * Only features Chromium knows: an unknown one (`bluetooth`) is a console warning on every page,
 * which the e2e suite fails on (tests/support/e2e-fixtures.ts, watchHeaderWarnings).
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'browsing-topics=()',
  'camera=()',
  'display-capture=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'payment=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'xr-spatial-tracking=()',
].join(', ')

// the API's HTML: the OpenAPI UI and the sandbox provider's hosted invoice page need the page set
const PAGES_UNDER_API = [DOCS_PREFIX, SANDBOX_PAGE_PATH]

/** Whether an answer to this URL is the API's JSON, which gets the API header set. */
function isApiUrl(url: string): boolean {
  return url.startsWith('/api/') && !PAGES_UNDER_API.some((prefix) => url.startsWith(prefix))
}

/**
 * Security headers and CORS for the whole server. Pages, scripts and files get helmet's set with a
 * CSP that fits the PWA: our own scripts, a service worker and manifest from our origin, images from
 * us or from data:/blob: URLs (photos picked on the device), API calls to ourselves. Inline styles
 * are allowed because Radix positions popovers with style attributes and the sandbox payment page is
 * a plain server-rendered form. API answers get the smaller set above. Chosen by URL before the
 * route runs, so an error answer has them too; an HTML route added under /api would get the API's
 * CSP, which forbids everything, and show it at once rather than run with too little protection.
 * A route needing other headers sets them itself, after this hook.
 */
async function security(app: FastifyInstance): Promise<void> {
  const { config } = app
  const https = config.PUBLIC_URL.startsWith('https:')
  const pages = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        // and the 18+ gate's few inline bytes, by their hash (services/pages/adult-gate.ts)
        // 'inline-speculation-rules' and their hash: the JSON rules the 18+ gate's script adds once
        // passed (it runs no code; src/domain/speculation-rules.ts)
        scriptSrc: [
          "'self'",
          "'inline-speculation-rules'",
          scriptHashSource(AD_PAGE_SPECULATION_RULES_TEXT),
          ...(app.adultGate ? [app.adultGate.scriptSource] : []),
        ],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        scriptSrcAttr: ["'none'"],
        // on plain-http local runs upgrading would break every request
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only means something over https; locally it would pin localhost to https
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    // images and the payment QR are ours; no cross-origin embedding needed
    crossOriginEmbedderPolicy: false,
  })
  // every answer may differ by Origin (a listed origin gets Access-Control-Allow-Origin)
  const api = { ...apiHeaders(https), 'permissions-policy': PERMISSIONS_POLICY, vary: 'Origin' }
  const page = { ...pages, 'permissions-policy': PERMISSIONS_POLICY, vary: 'Origin' }
  const origins = new Set(allowedOrigins(config))
  // one hook for headers and CORS, callback style: each hook and each promise costs every answer
  // (docs/decisions/019-api-answer-cost.md)
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? api : page)
    const origin = request.headers.origin
    // same-origin GETs carry no Origin and need no CORS; other origins only when listed in CORS_ORIGINS
    if (origin !== undefined) {
      if (!origins.has(origin)) return done()
      reply.header('access-control-allow-origin', origin)
    }
    if (request.method !== 'OPTIONS') return done()
    // a preflight is answered here, before any guard: the browser sends it without credentials.
    // One without Origin gets the same empty 204, never a plain-text error (every error is { detail })
    const asked = request.headers['access-control-request-headers']
    reply
      .header('access-control-allow-methods', CORS_METHODS)
      .header('access-control-max-age', CORS_MAX_AGE_SECONDS)
    appendVary(reply, 'Access-Control-Request-Headers')
    if (asked !== undefined) reply.header('access-control-allow-headers', asked)
    reply.code(204).header('content-length', '0').send()
  })
  // lets OPTIONS reach the hook on every path; a refused origin's preflight ends here, as a 404
  app.options('*', { schema: { hide: true } }, (_request, reply) => reply.callNotFound())
}

const CORS_METHODS = 'GET, HEAD, POST, PUT, PATCH, DELETE'
const CORS_MAX_AGE_SECONDS = '600'

export default fp(security, { name: 'security', dependencies: ['core', 'adult-gate'] })
