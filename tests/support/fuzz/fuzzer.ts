// The fuzzer's app and its run: one app per test file on a fresh database, seeded with a member, a
// pending account, sessions, charges and ads before each test, and fuzzRoute(), which sends a
// route's random requests and checks every answer. Call setupFuzzApp() at the top of a test file.
//
// Reproduce a failure with the seed fast-check prints:
//   FUZZ_SEED=1234 npx vitest run --project api tests/api/fuzz.test.ts
// FUZZ_RUNS (default 100) sets the requests per route; FUZZ_ONLY='POST /api/wallet/pay' fuzzes one route.
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import type { InjectOptions, LightMyRequestResponse } from 'fastify'
import { afterAll, beforeAll, beforeEach, expect } from 'vitest'
import type { Config } from '#server/config.ts'
import { ads } from '#server/db/schema/ads.ts'
import { bannedPhrases } from '#server/db/schema/moderation.ts'
import { users } from '#server/db/schema/users.ts'
import { wallets } from '#server/db/schema/wallet.ts'
import { hashPassword } from '#server/services/accounts/passwords.ts'
import { createAdminSession, createSession } from '#server/services/accounts/sessions.ts'
import { signBody } from '#server/services/payments/signature.ts'
import { createTestApp, type TestApp } from '../api-app.ts'
import { type FakeGreenfield, startFakeGreenfield } from '../fake-greenfield.ts'
import { checkAnswer } from './answers.ts'
import { planArb } from './plans.ts'
import type { AuthPlan, BodyPlan, Plan } from './request-parts.ts'
import { FUZZ } from './routes.ts'
import {
  ADMIN,
  BTCPAY_SECRET,
  type FuzzSpec,
  MEMBER,
  PENDING_EMAIL,
  pool,
  SANDBOX_SECRET,
  serialise,
} from './values.ts'

const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED)
const RUNS = Number(process.env.FUZZ_RUNS ?? 100)
const ONLY = process.env.FUZZ_ONLY

/** The FUZZ keys to fuzz in this run (all, or FUZZ_ONLY), of those `wanted` allows. */
export function fuzzKeys(wanted: (key: string) => boolean = () => true): string[] {
  return Object.keys(FUZZ).filter((key) => wanted(key) && (ONLY === undefined || key === ONLY))
}

let t: TestApp
let memberHash = ''
const tokens = { user: '', admin: '' }
let stale = false

async function provision(): Promise<void> {
  await t.db
    .insert(users)
    .values([
      { email: MEMBER.email, passwordHash: memberHash, emailVerifiedAt: new Date() },
      { email: PENDING_EMAIL, passwordHash: memberHash },
    ])
    .onConflictDoNothing()
  const [member] = await t.db.select().from(users).where(eq(users.email, MEMBER.email))
  if (!member) throw new Error('member not created')
  await t.db.insert(wallets).values({ userId: member.id, balanceCents: 100_000 }).onConflictDoNothing()
  tokens.user = await createSession(t.db, member.id)
  tokens.admin = await createAdminSession(t.db, ADMIN.username)
  const payments = t.app.payments
  pool.chargeIds = []
  pool.invoiceIds = []
  for (const chargeType of ['topup', 'post'] as const) {
    const charge = await payments.createCharge({
      userId: member.id,
      chargeType,
      amountCents: 500,
      description: 'fuzz',
      listingId: null,
      draft: null,
    })
    pool.chargeIds.push(charge.charge_id)
    const row = await payments.findCharge(charge.charge_id)
    if (row) pool.invoiceIds.push(row.providerInvoiceId)
  }
  pool.phraseIds = (await t.db.select({ id: bannedPhrases.id }).from(bannedPhrases).limit(5)).map((r) => r.id)
  pool.adIds = []
  for (const [i, status] of (['live', 'pending_payment', 'removed'] as const).entries()) {
    const id = `fuzzad${i}00000`
    await t.db
      .insert(ads)
      .values({
        id,
        ownerId: member.id,
        status,
        title: 'Fuzz robe',
        category: 'adult-buy-sell',
        province: 'ON',
        city: 'Toronto',
        priceUnit: 'per_unit',
        contactHandle: '@fuzz',
        publishedAt: status === 'pending_payment' ? null : new Date(),
        expiresAt: status === 'pending_payment' ? null : new Date(Date.now() + 86_400_000),
      })
      .onConflictDoNothing()
    pool.adIds.push(id)
  }
  stale = false
}

function authorization(auth: AuthPlan): string | undefined {
  switch (auth.kind) {
    case 'none':
      return undefined
    case 'token':
      return `Bearer ${tokens[auth.role]}`
    case 'raw':
      return auth.value
    case 'mangled': {
      const token = tokens[auth.role]
      if (auth.how === 'basic') return `Basic ${token}`
      if (auth.how === 'suffix') return `Bearer ${token}x`
      if (auth.how === 'upper') return `Bearer ${token.toUpperCase()}`
      if (auth.how === 'twice') return `Bearer ${token} ${token}`
      return `bearer ${token}`
    }
  }
}

function payloadOf(body: BodyPlan): string | Buffer | undefined {
  switch (body.kind) {
    case 'none':
      return undefined
    case 'json':
      return serialise(body.value)
    case 'text':
      return body.text
    case 'bytes':
      return Buffer.from(body.bytes)
  }
}

async function send(plan: Plan, spec: FuzzSpec): Promise<LightMyRequestResponse> {
  if (stale) await provision()
  const payload = payloadOf(plan.body)
  const headers: Record<string, string> = { ...plan.headers }
  if (plan.contentType !== undefined) headers['content-type'] = plan.contentType
  const auth = authorization(plan.auth)
  if (auth !== undefined) headers.authorization = auth
  if (plan.sign && spec.signs) headers[spec.signs.header] = signBody(spec.signs.secret, payload ?? '')
  if (plan.forwardedFor !== undefined) headers['x-forwarded-for'] = plan.forwardedFor
  const options: InjectOptions = {
    method: plan.method as InjectOptions['method'],
    url: plan.query ? `${plan.path}?${plan.query}` : plan.path,
    headers,
    remoteAddress: plan.remoteAddress,
    ...(payload === undefined ? {} : { payload }),
  }
  return t.app.inject(options)
}

/** preHandler hooks run once parsing and validation passed: counts requests that reached a handler. */
let validatedRequests = 0

/** Routes whose success ends the sessions the next requests would use. */
const SESSION_ENDERS = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/change-password',
  'POST /api/admin/logout',
  'POST /api/admin/purge',
])

/** An app on a fresh database, counting the requests that pass validation. */
function fuzzApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  return createTestApp(
    {
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      SANDBOX_WEBHOOK_SECRET: SANDBOX_SECRET,
      BTCPAY_WEBHOOK_SECRET: BTCPAY_SECRET,
      // the bench's deployment shape: client IPs (and so rate-limit keys) come from X-Forwarded-For
      TRUST_PROXY: 1,
      ...overrides,
    },
    {
      setup: (app) => {
        app.addHook('preHandler', async () => {
          validatedRequests++
        })
      },
    },
  )
}

/**
 * Registers the file's hooks: a fuzz app (with BTCPay behind its payment routes when `btcpay`, a
 * fake Greenfield server on loopback, so its webhook's signature check and parser and its invoice
 * reads are fuzzed too), emptied and seeded again before each test. Answers the app's routes.
 */
export function setupFuzzApp(options: { btcpay?: boolean } = {}): { routes: () => string[] } {
  const BTCPAY = { apiKey: 'fuzz-api-key', storeId: 'fuzz-store' }
  let fake: FakeGreenfield | undefined
  let discovered: string[] = []
  beforeAll(async () => {
    memberHash = await hashPassword(MEMBER.password)
    if (options.btcpay) fake = await startFakeGreenfield({ ...BTCPAY, webhookSecret: BTCPAY_SECRET })
    t = await fuzzApp(
      fake
        ? {
            PAYMENT_PROVIDER: 'btcpay',
            BTCPAY_URL: fake.url,
            BTCPAY_API_KEY: BTCPAY.apiKey,
            BTCPAY_STORE_ID: BTCPAY.storeId,
          }
        : {},
    )
    discovered = discoverRoutes(t.app.printRoutes({ commonPrefix: false }))
  })
  afterAll(async () => {
    await t?.close()
    await fake?.close()
  })
  beforeEach(async () => {
    await t.reset()
    // before the first request is generated, so its ids come from this database
    await provision()
  })
  return { routes: () => discovered }
}

/** `METHOD /path` of every route, read from printRoutes' tree (one level per 4 columns). */
export function discoverRoutes(tree: string): string[] {
  const found: string[] = []
  const prefixes: string[] = []
  for (const line of tree.split('\n')) {
    const match = /^([│├└─\s]*)(\S.*?)(?: \(([^)]*)\))?$/.exec(line)
    if (!match) continue
    const [, indent = '', segment = '', methods] = match
    const depth = Math.floor(indent.length / 4)
    const path = (prefixes[depth - 1] ?? '') + segment
    prefixes[depth] = path
    prefixes.length = depth + 1
    for (const method of methods?.split(', ') ?? []) found.push(`${method} ${path}`)
  }
  return found
}

export function coverageKey(route: string): string {
  return route.startsWith('HEAD ') ? `GET ${route.slice(5)}` : route
}

export async function fuzzRoute(key: string): Promise<void> {
  const spec = FUZZ[key] as FuzzSpec
  const statuses = new Map<number, number>()
  let reached = 0
  await fc.assert(
    fc.asyncProperty(planArb(key, spec), async (plan) => {
      const before = validatedRequests
      const res = await send(plan, spec)
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1)
      if (validatedRequests > before || res.statusCode < 400) reached++
      // logout and purge end the sessions the next requests would use
      if (res.statusCode < 300 && SESSION_ENDERS.has(key)) stale = true
      checkAnswer(plan, spec, res)
    }),
    { numRuns: Math.min(RUNS, spec.runs ?? RUNS), ...(SEED === undefined ? {} : { seed: SEED }) },
  )
  const total = [...statuses.values()].reduce((a, b) => a + b, 0)
  const limited = statuses.get(429) ?? 0
  const summary = JSON.stringify(Object.fromEntries(statuses))
  expect(limited, `mostly rate limited: ${summary}`).toBeLessThan(total / 2)
  expect(reached, `no request got past validation: ${summary}`).toBeGreaterThan(0)
}
