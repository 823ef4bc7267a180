import cors from '@fastify/cors'
import helmet, { type FastifyHelmetOptions } from '@fastify/helmet'
import Fastify, { type FastifyInstance } from 'fastify'
import type { Config } from '#server/config.ts'

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
 * Security headers and CORS for the whole server. The CSP fits the PWA: our own scripts, a service
 * worker and manifest from our origin, images from us or from data:/blob: URLs (photos picked on the
 * device), API calls to ourselves. Inline styles are allowed because Radix positions popovers with
 * style attributes and the sandbox payment page is a plain server-rendered form. The same headers go
 * on every answer (a route needing others sets them itself, after this hook).
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.PUBLIC_URL.startsWith('https:')
  const headers = await helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers)
    done()
  })

  // same-origin requests need no CORS; other origins only when listed in CORS_ORIGINS
  const origins = new Set(allowedOrigins(config))
  await app.register(cors, {
    origin: (origin, callback) => callback(null, origin === undefined || origins.has(origin)),
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    // strict mode refuses an OPTIONS without Origin with a text/plain 400; every API error is { detail }
    strictPreflight: false,
    maxAge: 600,
  })
}
