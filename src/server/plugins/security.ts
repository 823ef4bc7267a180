import cors from '@fastify/cors'
import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'
import type { Config } from '#server/config.ts'

export function allowedOrigins(config: Config): string[] {
  const extra = config.CORS_ORIGINS.split(',')
    .map((o) => o.trim())
    .filter(Boolean)
  return [new URL(config.PUBLIC_URL).origin, ...extra]
}

/**
 * Security headers and CORS for the whole server. The CSP fits the PWA: our own scripts, a service
 * worker and manifest from our origin, images from us or from data:/blob: URLs (photos picked on the
 * device), API calls to ourselves. Inline styles are allowed because Radix positions popovers with
 * style attributes and the sandbox payment page is a plain server-rendered form. A route needing more
 * (say an inline script) passes its own `helmet: { contentSecurityPolicy: { directives } }` option.
 */
export async function registerSecurity(app: FastifyInstance, config: Config): Promise<void> {
  const https = config.PUBLIC_URL.startsWith('https:')
  await app.register(helmet, {
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
