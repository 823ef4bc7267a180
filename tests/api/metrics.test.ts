import { eq, sql } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'
import { createMailSender } from '#server/services/mail/sender.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { ADMIN, adminTokenOn } from '#tests/support/admin-app.ts'
import { createAd, member } from '#tests/support/ads.ts'
import { setupTestApp, type TestApp } from '#tests/support/api-app.ts'
import { listen } from '#tests/support/listening-app.ts'
import { chargeStatus, createCharge } from '#tests/support/sandbox-payments.ts'
import { pay } from '#tests/support/wallet.ts'

// GET /metrics (plugins/metrics.ts, docs/decisions/028-metrics-and-deployment.md): private, in
// Prometheus' text format, counting requests by route pattern and payments by outcome.

const METRICS_TOKEN = 'scraper-token-0123456789abcdef0123456789'
const api = setupTestApp({ ADMIN_USERNAME: ADMIN.username, ADMIN_PASSWORD: ADMIN.password, METRICS_TOKEN })

function scrape(t: TestApp, authorization?: string) {
  return t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })
}

async function metricsText(t: TestApp = api.t): Promise<string> {
  const res = await scrape(t, `Bearer ${METRICS_TOKEN}`)
  expect(res.statusCode, res.body).toBe(200)
  return res.body
}

/** The value of one series, or undefined when the scrape has none with exactly these labels. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort()
  for (const line of text.split('\n')) {
    const match = /^([a-z_:][a-z0-9_:]*)(?:\{(.*)\})? (\S+)$/i.exec(line)
    if (!match || match[1] !== name) continue
    const have = (match[2] ?? '')
      .split(/,(?=[a-z_]+=")/i)
      .filter(Boolean)
      .sort()
    if (have.length === wanted.length && have.every((pair, i) => pair === wanted[i])) return Number(match[3])
  }
  return undefined
}

describe('GET /metrics', () => {
  it('answers 401 { detail } without a token, with a wrong one, and with a signed-in user’s', async () => {
    const none = await scrape(api.t)
    expect(none.statusCode).toBe(401)
    expect(none.json()).toEqual({ detail: 'Admin authentication required', code: 'auth.admin_required' })
    expect(none.headers['www-authenticate']).toBe('Bearer')
    expect((await scrape(api.t, `Bearer ${METRICS_TOKEN}x`)).statusCode).toBe(401)
    expect(
      (await scrape(api.t, `Basic ${Buffer.from(`x:${METRICS_TOKEN}`).toString('base64')}`)).statusCode,
    ).toBe(401)
    const user = await member(api.t)
    const asUser = await scrape(api.t, user.auth.authorization)
    expect(asUser.statusCode).toBe(401)
    expect(asUser.body).not.toContain('maple_')
  })

  it('answers the scraper’s METRICS_TOKEN and the admin’s session token in Prometheus text format', async () => {
    const scraper = await scrape(api.t, `Bearer ${METRICS_TOKEN}`)
    expect(scraper.statusCode).toBe(200)
    expect(scraper.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(scraper.headers['cache-control']).toBe('no-store')
    expect(scraper.body).toContain('# TYPE maple_http_requests_total counter')
    expect(scraper.body).toContain('# TYPE process_cpu_seconds_total counter')
    const admin = await scrape(api.t, `Bearer ${await adminTokenOn(api.t)}`)
    expect(admin.statusCode).toBe(200)
    expect(admin.body).toContain('# TYPE maple_payments_total counter')
  })

  it('counts a request under its route pattern and status, never its raw URL', async () => {
    const missing = await api.t.app.inject({ method: 'GET', url: '/api/ads/AAAAAAAAAAAA' })
    expect(missing.statusCode).toBe(404)
    await api.t.app.inject({ method: 'GET', url: '/api/ads/BBBBBBBBBBBB' })
    await api.t.app.inject({ method: 'GET', url: '/no/such/page.js' })
    const text = await metricsText()
    const labels = { method: 'GET', route: '/api/ads/:id', status_code: '404' }
    expect(sample(text, 'maple_http_requests_total', labels)).toBe(2)
    expect(sample(text, 'maple_http_request_duration_seconds_count', labels)).toBe(2)
    expect(
      sample(text, 'maple_http_requests_total', { method: 'GET', route: 'unmatched', status_code: '404' }),
    ).toBe(1)
    expect(text).not.toContain('AAAAAAAAAAAA')
    expect(text).not.toContain('/no/such/page.js')
  })

  it('counts the answers the answer cache gives before Fastify, under their route', async () => {
    const base = await listen(api.t)
    const url = `${base}/api/meta/cities?province=ON&q=to`
    const route = { method: 'GET', route: '/api/meta/cities', status_code: '200' }
    const before = await metricsText()
    const counted = sample(before, 'maple_http_requests_total', route) ?? 0
    const timed = sample(before, 'maple_http_request_duration_seconds_count', route) ?? 0
    for (let i = 0; i < 3; i++) expect((await fetch(url)).status).toBe(200)
    const after = await metricsText()
    // the first went through Fastify and was timed; the two repeats came from the cache
    expect(sample(after, 'maple_http_requests_total', route)).toBe(counted + 3)
    expect(sample(after, 'maple_http_request_duration_seconds_count', route)).toBe(timed + 1)
    expect(
      sample(after, 'maple_answer_cache_hits_total', { route: '/api/meta/cities' }),
    ).toBeGreaterThanOrEqual(2)
    // a scrape adds only the hits since the last one
    expect(sample(await metricsText(), 'maple_http_requests_total', route)).toBe(counted + 3)
  })

  it('counts wallet payments by outcome: paid, short of money, refused, replayed', async () => {
    const rich = await member(api.t, { cents: 500 })
    const fee = { type: 'post', listingId: await createAd(api.t, rich) }
    expect((await pay(api.t, rich, fee, 'key-1')).statusCode).toBe(200)
    // the retry is answered the stored answer: nothing moves, so it is not counted as paid
    expect((await pay(api.t, rich, fee, 'key-1')).statusCode).toBe(200)
    const poor = await member(api.t)
    expect(
      (await pay(api.t, poor, { type: 'post', listingId: await createAd(api.t, poor) })).statusCode,
    ).toBe(402)
    expect((await pay(api.t, poor, { type: 'post', listingId: 'AAAAAAAAAAAA' })).statusCode).toBe(404)
    const text = await metricsText()
    expect(sample(text, 'maple_payments_total', { provider: 'wallet', outcome: 'paid' })).toBe(1)
    expect(sample(text, 'maple_payments_total', { provider: 'wallet', outcome: 'replayed' })).toBe(1)
    expect(
      sample(text, 'maple_payments_total', { provider: 'wallet', outcome: 'insufficient_balance' }),
    ).toBe(1)
    expect(sample(text, 'maple_payments_total', { provider: 'wallet', outcome: 'refused' })).toBe(1)
  })

  it('counts a crypto charge created, then settled once however often its status is read', async () => {
    const before = await metricsText()
    const settledBefore =
      sample(before, 'maple_payments_total', { provider: 'sandbox', outcome: 'settled' }) ?? 0
    const createdBefore =
      sample(before, 'maple_payments_total', { provider: 'sandbox', outcome: 'created' }) ?? 0
    const m = await member(api.t)
    const created = await createCharge(api.t, m, { chargeType: 'topup', amount: 5 })
    expect(created.statusCode, created.body).toBe(200)
    const chargeId: string = created.json().charge_id
    const [row] = await api.t.db.select().from(cryptoCharges).where(eq(cryptoCharges.id, chargeId))
    if (!row) throw new Error('no charge row')
    const sandbox = new SandboxProvider(
      api.t.db,
      api.t.config.PUBLIC_URL,
      api.t.config.SANDBOX_WEBHOOK_SECRET,
    )
    await sandbox.simulate(row.providerInvoiceId, 'COMPLETED')
    for (let i = 0; i < 3; i++) expect((await chargeStatus(api.t, chargeId)).json().status).toBe('COMPLETED')
    const text = await metricsText()
    expect(sample(text, 'maple_payments_total', { provider: 'sandbox', outcome: 'created' })).toBe(
      createdBefore + 1,
    )
    expect(sample(text, 'maple_payments_total', { provider: 'sandbox', outcome: 'settled' })).toBe(
      settledBefore + 1,
    )
  })

  it('reports the mail outbox depth, and the pool on PostgreSQL only', async () => {
    await enqueueMail(api.t.db, { to: 'a@example.com', subject: 'one', text: 'x' })
    await enqueueMail(api.t.db, { to: 'b@example.com', subject: 'two', text: 'y' })
    const text = await metricsText()
    expect(sample(text, 'maple_mail_outbox_waiting')).toBe(2)
    expect(sample(text, 'maple_mail_outbox_due')).toBe(2)
    const pool = sample(text, 'maple_db_pool_connections')
    if (api.t.kind === 'postgres') {
      expect(pool).toBeGreaterThanOrEqual(1)
      expect(sample(text, 'maple_db_pool_waiting_requests')).toBe(0)
    } else {
      expect(pool).toBeUndefined()
      expect(sample(text, 'maple_caches_live')).toBe(1)
    }
  })
})

// The fault drill (issue 43): during a 2-minute SMTP outage the operator saw 10 mails waiting and 0
// due, and nothing else: no failures, no age, no sign the sender or the reconciler was stuck
// (docs/decisions/041-fault-drill.md).
describe('GET /metrics during a mail outage', () => {
  it('counts failed sends, says how long the oldest mail has waited and how long since the sender last succeeded', async () => {
    await api.t.reset()
    await enqueueMail(api.t.db, { to: 'late@example.com', subject: 'late', text: 'x' })
    await api.t.db.execute(sql`UPDATE outbox SET created_at = now() - interval '90 seconds'`)
    const before = sample(await metricsText(), 'maple_mail_send_failures_total', { outcome: 'retry' }) ?? 0
    const metrics = api.t.app.metrics
    const sender = createMailSender({
      db: api.t.db,
      send: async () => {
        throw new Error('connect ECONNREFUSED')
      },
      log: { info: () => {}, error: () => {} },
      observer: {
        failed: (dropped) => metrics.countMailFailure(dropped),
        succeeded: metrics.watchTask('mail_sender'),
      },
    })
    try {
      await sender.drain()
    } finally {
      await sender.stop()
    }
    const text = await metricsText()
    expect(sample(text, 'maple_mail_send_failures_total', { outcome: 'retry' })).toBe(before + 1)
    expect(sample(text, 'maple_mail_outbox_waiting')).toBe(1)
    expect(sample(text, 'maple_mail_outbox_due')).toBe(0)
    expect(sample(text, 'maple_mail_outbox_oldest_waiting_seconds')).toBeGreaterThanOrEqual(90)
    // it has never succeeded: its lag runs from its start, and no success time is reported
    expect(sample(text, 'maple_background_lag_seconds', { task: 'mail_sender' })).toBeGreaterThan(0)
    expect(
      sample(text, 'maple_background_last_success_timestamp_seconds', { task: 'mail_sender' }),
    ).toBeUndefined()
  })

  it("reports the payment reconciler's last success and lag", async () => {
    await vi.waitFor(
      async () => {
        const text = await metricsText()
        const last = sample(text, 'maple_background_last_success_timestamp_seconds', {
          task: 'payment_reconciler',
        })
        expect(last).toBeGreaterThan(Date.now() / 1000 - 600)
        expect(sample(text, 'maple_background_lag_seconds', { task: 'payment_reconciler' })).toBeLessThan(600)
      },
      { timeout: 5_000 },
    )
  })
})

describe('METRICS_TOKEN', () => {
  it('is refused at start-up when shorter than 32 characters', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(ConfigError)
    expect(loadConfig({ METRICS_TOKEN }).METRICS_TOKEN).toBe(METRICS_TOKEN)
  })
})
