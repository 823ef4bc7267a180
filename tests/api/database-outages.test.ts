import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { refusal } from '#server/errors.ts'
import { RETRY_AFTER_SECONDS } from '#server/outages.ts'
import { setupTestApp, testDbKind } from '#tests/support/api-app.ts'
import { startTcpProxy, type TcpProxy } from '#tests/support/tcp-proxy.ts'

// PostgreSQL going away under a running process: a connection ended between two statements of a
// transaction (failover, restart, pg_terminate_backend), a table locked past the statement timeout,
// a server that stops answering at all. Each request answers 503 with Retry-After within the bounds
// of DB_STATEMENT_TIMEOUT_MS and DB_CONNECT_TIMEOUT_MS, the process lives on, the next request
// succeeds, and each outage writes one log line, not a stack per request
// (docs/decisions/027-health-and-draining.md).

const onPostgres = testDbKind() === 'postgres'
const STATEMENT_TIMEOUT_MS = 2_000
const CONNECT_TIMEOUT_MS = 2_000
// the longest a request may take to fail: a connection through the frozen proxy, then a statement
// past the client's own timeout (statement + 1 s), with room for a busy machine
const ANSWER_BOUND_MS = CONNECT_TIMEOUT_MS + STATEMENT_TIMEOUT_MS + 1_000 + 10_000

interface LogLine {
  level: number
  msg: string
  dependency?: string
  err?: { stack?: string }
}

// a build's files, served from disk whatever the database does
const staticDir = mkdtempSync(join(tmpdir(), 'maple-outage-static-'))
mkdirSync(join(staticDir, 'assets'))
writeFileSync(join(staticDir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>')
writeFileSync(join(staticDir, 'assets', 'app-1234.js'), 'console.log("app")')

describe.runIf(onPostgres)('PostgreSQL outages', () => {
  let proxy: TcpProxy | undefined
  const lines: LogLine[] = []
  let gate: { inside: () => void; open: () => void; entered: Promise<void>; opened: Promise<void> }
  const newGate = () => {
    let inside = () => {}
    let open = () => {}
    const entered = new Promise<void>((resolve) => {
      inside = resolve
    })
    const opened = new Promise<void>((resolve) => {
      open = resolve
    })
    gate = { inside, open, entered, opened }
  }
  newGate()

  beforeAll(async () => {
    proxy = await startTcpProxy(Number(new URL(process.env.DATABASE_URL ?? '').port || 5432))
  })
  const api = setupTestApp(
    {
      LOG_LEVEL: 'info',
      STATIC_DIR: staticDir,
      // the background loops that read the database: the reconciler every 200 ms, and a mail sender
      // (its SMTP server is never asked: the outbox stays empty)
      RECONCILE_INTERVAL_MS: 200,
      SMTP_URL: 'smtp://127.0.0.1:9',
      DB_STATEMENT_TIMEOUT_MS: STATEMENT_TIMEOUT_MS,
      DB_CONNECT_TIMEOUT_MS: CONNECT_TIMEOUT_MS,
    },
    {
      logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
      connectThrough: (url) => {
        const through = new URL(url)
        through.port = String(proxy?.port)
        return through.toString()
      },
      // a transaction that waits between its two statements until the test opens the gate
      setup: (app) => {
        app.post('/api/test/held-transaction', async () => {
          await app.database.db.transaction(async (tx) => {
            await tx.execute(sql`SELECT 1`)
            gate.inside()
            await gate.opened
            await tx.execute(sql`SELECT 1`)
          })
          return { done: true }
        })
      },
    },
  )
  afterAll(async () => {
    await proxy?.close()
    rmSync(staticDir, { recursive: true, force: true })
  })
  beforeEach(() => {
    lines.length = 0
    newGate()
  })

  // another connection, straight to the database (not through the proxy)
  async function withAdmin<T>(run: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: api.t.config.DATABASE_URL })
    client.on('error', () => {})
    await client.connect()
    try {
      return await run(client)
    } finally {
      await client.end().catch(() => {})
    }
  }

  const listAds = () => api.t.app.inject({ method: 'GET', url: '/api/ads' })

  function expectUnavailable(res: Awaited<ReturnType<typeof listAds>>) {
    expect(res.statusCode).toBe(503)
    expect(res.headers['retry-after']).toBe(String(RETRY_AFTER_SECONDS))
    expect(res.json()).toEqual(refusal('request.unavailable'))
  }

  function outageLines() {
    return {
      down: lines.filter((l) => l.msg.startsWith('database unavailable')),
      back: lines.filter((l) => l.msg === 'database is back'),
      stacks: lines.filter((l) => l.msg === 'request failed' || l.err?.stack !== undefined),
    }
  }

  it('lives through the end of a connection held by a transaction between two statements: that request gets 503, the next one succeeds', async () => {
    expect(proxy?.accepted).toBeGreaterThan(0)
    const held = api.t.app.inject({ method: 'POST', url: '/api/test/held-transaction' })
    await gate.entered
    // what a failover does to every connection: the one under the transaction emits 'error' while
    // no statement is running, which used to end the process (Unhandled 'error' event, 57P01)
    const ended = await withAdmin(async (client) => {
      const result = await client.query(
        'SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
      )
      return result.rowCount
    })
    expect(ended).toBeGreaterThan(0)
    // let the termination reach the connection while the transaction still waits
    await new Promise((resolve) => setTimeout(resolve, 500))
    gate.open()
    expectUnavailable(await held)

    const next = await listAds()
    expect(next.statusCode).toBe(200)
    expect(outageLines().down).toHaveLength(1)
    expect(outageLines().stacks).toEqual([])
    expect((await api.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
  })

  it('answers 503 within the statement timeout while a table is locked, with one log line for the outage', async () => {
    await withAdmin(async (locker) => {
      await locker.query('BEGIN')
      await locker.query('LOCK TABLE ads IN ACCESS EXCLUSIVE MODE')
      try {
        const started = Date.now()
        const answers = await Promise.all([listAds(), listAds(), listAds(), listAds()])
        for (const res of answers) expectUnavailable(res)
        expect(Date.now() - started).toBeLessThan(ANSWER_BOUND_MS)
      } finally {
        await locker.query('ROLLBACK')
      }
    })
    expect((await listAds()).statusCode).toBe(200)
    const { down, stacks } = outageLines()
    expect(down).toHaveLength(1)
    expect(stacks).toEqual([])
    // the operator sees the lock as statements cancelled past their timeout (decision 041)
    const { body } = await api.t.app.metrics.exposition()
    const timeouts = /^maple_db_wait_timeouts_total\{kind="statement_timeout"\} (\d+)$/m.exec(body)
    expect(Number(timeouts?.[1])).toBeGreaterThanOrEqual(4)
    // the readiness probe sees it answer again: the outage ends with one line
    expect((await api.t.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200)
    expect(outageLines().back).toHaveLength(1)
  })

  it('answers 503 within its bounds while the server answers nothing at all, and succeeds once it answers again', async () => {
    expect((await listAds()).statusCode).toBe(200)
    proxy?.freeze()
    try {
      const started = Date.now()
      // statements on the pool's open connections, then new connections that never get an answer
      const answers = await Promise.all([listAds(), listAds(), listAds()])
      for (const res of answers) expectUnavailable(res)
      expectUnavailable(await listAds())
      expect(Date.now() - started).toBeLessThan(2 * ANSWER_BOUND_MS)
      // shared by every process: degraded, the process stays in the balancer (decision 041)
      const ready = await api.t.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json().checks.database).toMatch(/^degraded: /)
    } finally {
      proxy?.thaw()
    }
    // the connections whose statements timed out were closed, not given to the next request
    expect((await listAds()).statusCode).toBe(200)
    expect(outageLines().down).toHaveLength(1)
    expect(outageLines().stacks).toEqual([])
    // a probe's answer is kept half a second: the next ones see the database again
    await vi.waitFor(
      async () =>
        expect((await api.t.app.inject({ method: 'GET', url: '/readyz' })).json().checks.database).toBe('ok'),
      { timeout: 20_000, interval: 100 },
    )
    expect(outageLines().back).toHaveLength(1)
  })

  // The fault drill (issue 43): a PostgreSQL stop failed every process's readiness at once, so the
  // balancer answered its own 503 without Retry-After on every route, and took two good checks to
  // bring each process back. The database is shared: it degrades readiness, the app answers.
  it('stays ready while the database refuses connections, answers what needs it 503 with Retry-After, serves files and probes, and serves again at once when it is back', async () => {
    expect((await listAds()).statusCode).toBe(200)
    proxy?.refuse()
    try {
      expectUnavailable(await listAds())
      const signIn = await api.t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'nobody@example.com', password: 'maple-pw-1' },
      })
      expectUnavailable(signIn)
      await new Promise((resolve) => setTimeout(resolve, 600))
      const ready = await api.t.app.inject({ method: 'GET', url: '/readyz' })
      expect(ready.statusCode).toBe(200)
      expect(ready.json()).toMatchObject({ status: 'ready' })
      expect(ready.json().checks.database).toMatch(/^degraded: /)
      expect((await api.t.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200)
      const file = await api.t.app.inject({ method: 'GET', url: '/assets/app-1234.js' })
      expect(file.statusCode).toBe(200)
      expect(file.body).toContain('console.log')
      // the mail sender polls and the reconciler runs meanwhile: their failures join the outage's line
      for (let i = 0; i < 5; i++) {
        api.t.app.mailSender?.wake()
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    } finally {
      proxy?.accept()
    }
    // the first request after the database is back succeeds: nothing waits for checks to pass
    expect((await listAds()).statusCode).toBe(200)
    expect(outageLines().down).toHaveLength(1)
    expect(outageLines().stacks).toEqual([])
    // one line for the outage, not one per poll of the mail sender or pass of the reconciler
    expect(
      lines.filter((l) => l.msg === 'mail outbox drain failed' || l.msg === 'payment reconciliation failed'),
    ).toEqual([])
    expect(lines.filter((l) => l.level >= 40)).toHaveLength(1)
  })
})
