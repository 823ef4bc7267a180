import { z } from 'zod'
import { type DatabaseLimits, DEFAULT_DATABASE_LIMITS } from './db/limits.ts'
import { DEFAULT_SANDBOX_WEBHOOK_SECRET, productionProblems } from './production-checks.ts'
import { parseTrustProxy } from './trust-proxy.ts'

// Every environment variable the server reads, with its default. README's "Configuration" table
// mirrors this file: keep them in step.
const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    // default: every interface in production (behind its proxy), loopback elsewhere so a laptop on a
    // café network never serves the dev outbox or the sandbox pay page to its neighbours
    HOST: z.string().trim().min(1).optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    // embedded PGlite files live here unless DATABASE_URL points at a PostgreSQL server
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.string().optional(),
    // PostgreSQL: how long a request waits to open (or be given) a connection, and for one statement,
    // before it is answered 503 (docs/decisions/026-migrations-and-start-up.md)
    DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).default(DEFAULT_DATABASE_LIMITS.connectTimeoutMs),
    DB_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .default(DEFAULT_DATABASE_LIMITS.statementTimeoutMs),
    // a request without an answer after this long (its body received) is answered 503: the bound
    // behind every other one, for whatever has none of its own
    REQUEST_TIMEOUT_MS: z.coerce.number().int().min(100).default(30_000),
    BODY_STALL_MS: z.coerce.number().int().min(100).default(15_000),
    // on SIGTERM: /readyz answers 503 at once, requests are still served this long (the balancer's
    // probes notice meanwhile), then the process stops listening, finishes what is in flight and exits.
    // Unset: 5 s in production, none elsewhere (a developer's Ctrl-C stops at once)
    SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
    // shared rate-limit counters when several API processes run behind a load balancer
    REDIS_URL: z.string().optional(),
    // behind a load balancer: how many proxies (1) or which addresses/CIDRs may set X-Forwarded-For.
    // A number or a list, never `true`: see src/server/trust-proxy.ts
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        const parsed = parseTrustProxy(raw)
        if (parsed.ok) return parsed.value
        ctx.addIssue({ code: 'custom', message: parsed.error })
        return z.NEVER
      }),
    // the request header a CDN or proxy fills with the visitor's region (ISO 3166-2: `QC` or `CA-QC`),
    // lower case, e.g. `cf-region-code`: Quebec visitors who have not chosen a language get French
    REGION_HEADER: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/)
      .optional(),
    // the address people reach the app at (links in mails, the sandbox pay page); unset means this
    // machine on PORT, so a server started on another port does not mail links to 8080
    PUBLIC_URL: z.string().url().optional(),
    // comma-separated origins allowed by CORS besides our own; empty means same-origin only
    CORS_ORIGINS: z.string().default(''),
    STATIC_DIR: z.string().default('./dist/client'),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default('Maple After Dark <no-reply@localhost>'),
    ADMIN_USERNAME: z.string().optional(),
    ADMIN_PASSWORD: z.string().optional(),
    PAYMENT_PROVIDER: z.enum(['sandbox', 'btcpay']).default('sandbox'),
    BTCPAY_URL: z.string().optional(),
    BTCPAY_API_KEY: z.string().optional(),
    BTCPAY_STORE_ID: z.string().optional(),
    BTCPAY_WEBHOOK_SECRET: z.string().optional(),
    // coins asked of the store for every invoice; short names work on BTCPay 1.x and 2.x alike
    BTCPAY_PAYMENT_METHODS: z
      .string()
      .default('BTC,LTC')
      .transform((list) =>
        list
          .split(',')
          .map((name) => name.trim().toUpperCase())
          .filter(Boolean),
      ),
    // how often open and recently expired charges are re-read from the provider (missed webhooks)
    RECONCILE_INTERVAL_MS: z.coerce
      .number()
      .int()
      .min(10)
      .default(5 * 60 * 1000),
    // the sandbox provider signs its own webhooks with this; any value works locally
    SANDBOX_WEBHOOK_SECRET: z.string().default(DEFAULT_SANDBOX_WEBHOOK_SECRET),
    // days an ad stays listed after its posting fee is paid (or it is renewed); fractions allowed for
    // tests. The one source of the lifetime: the app reads it from GET /api/meta/ad-rules
    AD_LIFETIME_DAYS: z.coerce.number().positive().max(3650).default(30),
    // seed the generated demo ads at start; unset means on in development, off in production and tests
    SEED_DEMO_ADS: z.stringbool().optional(),
    // uploaded photos and videos on local disk; unset means DATA_DIR/media (docs/decisions/011-media-storage.md)
    MEDIA_DIR: z.string().trim().min(1).optional(),
    // S3-compatible object storage instead of MEDIA_DIR, so several API processes share one store
    S3_BUCKET: z.string().trim().min(1).optional(),
    // MinIO, Ceph, R2…: their URL; unset means AWS
    S3_ENDPOINT: z.string().url().optional(),
    S3_REGION: z.string().trim().min(1).default('us-east-1'),
    // unset: the AWS SDK's own chain (instance role, ~/.aws); both or neither
    S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
    // MinIO and most self-hosted stores want bucket names in the path, not the host name
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    // one call to the store (retries included): past it a request is answered 503
    S3_TIMEOUT_MS: z.coerce.number().int().min(100).default(5_000),
    // what one account's photos and videos may take in all, in MB (docs/decisions/063-media-quota.md)
    MEDIA_QUOTA_MB: z.coerce.number().positive().default(500),
    // signs the typed-code challenge of an ad page's Reveal without the app (services/pages/ad-actions.ts);
    // unset means a random key per process: processes behind one balancer must share one
    PAGE_FORM_SECRET: z.string().trim().min(32, 'PAGE_FORM_SECRET: at least 32 characters').optional(),
    // how often this process looks for due jobs (docs/decisions/045-jobs.md); 0: it runs none (it
    // still queues them for the processes that do)
    JOB_POLL_MS: z.coerce.number().int().min(0).max(60_000).default(1_000),
    // tests only: a module whose handleTestJobs(jobs, app) registers test-only job kinds in a server
    // process (tests/api/jobs-processes.test.ts)
    JOB_TEST_KINDS: z.string().trim().min(1).optional(),
    // keys the hashes a report keeps of its sender's address and e-mail (services/reports/reporter-keys.ts);
    // unset means a key kept in DATA_DIR: processes on several machines must share one
    REPORT_HASH_SECRET: z
      .string()
      .trim()
      .min(32, 'REPORT_HASH_SECRET: at least 32 characters (openssl rand -hex 32)')
      .optional(),
    // where the admins are told at once of what needs them (a report awaiting an admin's confirmation):
    // comma-separated addresses, mailed through the outbox; unset, only the console shows it
    ADMIN_EMAIL: z
      .string()
      .default('')
      .transform((list) =>
        list
          .split(',')
          .map((address) => address.trim().toLowerCase())
          .filter(Boolean),
      )
      .pipe(z.array(z.email('ADMIN_EMAIL: comma-separated e-mail addresses'))),
    // Web Push (docs/decisions/054-alerts.md): the VAPID pair (base64url, `npx web-push
    // generate-vapid-keys`) and its contact (mailto: or https:). Set both keys or neither; production
    // refuses to start without them while PUSH=on; elsewhere a pair is made and kept in DATA_DIR
    // PUSH=off turns Web Push off (alerts by e-mail only); on, production needs the VAPID pair
    PUSH: z.enum(['on', 'off']).default('on'),
    VAPID_PUBLIC_KEY: z.string().trim().min(1).optional(),
    VAPID_PRIVATE_KEY: z.string().trim().min(1).optional(),
    VAPID_SUBJECT: z.string().trim().default('mailto:alerts@maple-after-dark.invalid'),
    // a Prometheus scraper's bearer token for GET /metrics (the admin's session token works too)
    METRICS_TOKEN: z
      .string()
      .trim()
      .min(32, 'METRICS_TOKEN: at least 32 characters (openssl rand -hex 32)')
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.JOB_TEST_KINDS && env.NODE_ENV !== 'test') {
      ctx.addIssue({
        code: 'custom',
        path: ['JOB_TEST_KINDS'],
        message: 'JOB_TEST_KINDS: only for NODE_ENV=test (it loads code named by the environment); unset it',
      })
    }
    if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_ACCESS_KEY_ID'],
        message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither',
      })
    }
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      ctx.addIssue({
        code: 'custom',
        path: ['VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set both or neither',
      })
    }
    if (!env.S3_BUCKET && (env.S3_ENDPOINT || env.S3_ACCESS_KEY_ID)) {
      ctx.addIssue({
        code: 'custom',
        path: ['S3_BUCKET'],
        message: 'S3_BUCKET: set it too, or media stay on local disk while S3_* settings are ignored',
      })
    }
  })
  .transform((env) => ({
    ...env,
    HOST: env.HOST ?? (env.NODE_ENV === 'production' ? '0.0.0.0' : '127.0.0.1'),
    PUBLIC_URL: env.PUBLIC_URL ?? defaultPublicUrl(env.PORT),
    SHUTDOWN_GRACE_MS: env.SHUTDOWN_GRACE_MS ?? (env.NODE_ENV === 'production' ? 5_000 : 0),
  }))

export type Config = z.infer<typeof EnvSchema>

/** PORT 0 asks the system for any free port, which no link can name: those keep 8080. */
function defaultPublicUrl(port: number): string {
  return `http://localhost:${port === 0 ? 8080 : port}`
}

/** A configuration the server refuses to start with; one line per problem, each saying what to set. */
export class ConfigError extends Error {
  readonly problems: string[]
  constructor(problems: string[]) {
    super(problems.join('\n'))
    this.name = 'ConfigError'
    this.problems = problems
  }
}

export function seedDemoAdsEnabled(config: Pick<Config, 'NODE_ENV' | 'SEED_DEMO_ADS'>): boolean {
  return config.SEED_DEMO_ADS ?? config.NODE_ENV === 'development'
}

/** The PostgreSQL timeouts the configuration sets. */
export function databaseLimits(
  config: Pick<Config, 'DB_CONNECT_TIMEOUT_MS' | 'DB_STATEMENT_TIMEOUT_MS'>,
): DatabaseLimits {
  return {
    connectTimeoutMs: config.DB_CONNECT_TIMEOUT_MS,
    statementTimeoutMs: config.DB_STATEMENT_TIMEOUT_MS,
  }
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((i) => {
        const name = i.path.join('.')
        // our own messages already start with the variable's name
        return i.message.startsWith(name) ? i.message : `${name}: ${i.message}`
      }),
    )
  }
  // production refuses what is only safe on a laptop (see docs/decisions/013-safe-defaults.md)
  const problems = parsed.data.NODE_ENV === 'production' ? productionProblems(parsed.data) : []
  if (problems.length > 0) throw new ConfigError(problems)
  return parsed.data
}
