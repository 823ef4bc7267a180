import { z } from 'zod'

// Every environment variable the server reads, with its default. README's "Configuration" table
// mirrors this file: keep them in step.
const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // embedded PGlite files live here unless DATABASE_URL points at a PostgreSQL server
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  // shared rate-limit counters when several API processes run behind a load balancer
  REDIS_URL: z.string().optional(),
  // 'true' when behind a reverse proxy / load balancer, so client IPs come from X-Forwarded-For
  TRUST_PROXY: z.stringbool().default(false),
  PUBLIC_URL: z.string().url().default('http://localhost:8080'),
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
  SANDBOX_WEBHOOK_SECRET: z.string().default('sandbox-secret'),
})

export type Config = z.infer<typeof EnvSchema>

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvSchema.safeParse(env)
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')
    throw new Error(`Invalid configuration: ${problems}`)
  }
  return parsed.data
}
