// Scheduled bumps across a restart and across processes (docs/decisions/050-scheduled-bumps.md,
// docs/decisions/045-jobs.md): a schedule made before the app closes runs its moments after it is
// built again on the same database, each charged once; two real server processes on one PostgreSQL
// database charge every due moment exactly once between them.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, isNotNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { BumpSchedulePaths } from '#domain/api/bump-schedules.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { walletTransactions } from '#server/db/schema/wallet.ts'
import { scheduledBumpKind } from '#server/services/bump-schedules/bump-kind.ts'
import { liveAd, type Member, member } from '#tests/support/ads.ts'
import {
  createScratchPostgres,
  type ScratchDatabase,
  setupTestApp,
  type TestApp,
  testDbKind,
} from '#tests/support/api-app.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const HOUR = 60 * 60_000

function schedule(t: TestApp, m: Member, id: string, moments: string[]) {
  return t.app.inject({
    method: 'PUT',
    url: `/api${BumpSchedulePaths.schedule(id)}`,
    headers: m.auth,
    payload: { moments },
  })
}

const scheduledRows = (t: TestApp) =>
  t.db.select().from(walletTransactions).where(isNotNull(walletTransactions.scheduledFor))

describe('a schedule across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'maple-bump-restart-'))
  let scratch: ScratchDatabase | undefined
  afterAll(async () => {
    await scratch?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start(clock: TestClock): Promise<TestApp> {
    if (testDbKind() === 'postgres' && !scratch) {
      const baseUrl = process.env.DATABASE_URL
      if (!baseUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL')
      scratch = await createScratchPostgres(baseUrl)
    }
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: scratch?.url,
      STATIC_DIR: join(tmpdir(), 'maple-no-static-build'),
      JOB_POLL_MS: '60000',
    })
    const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir })
    const app = await buildApp({ config, database, clock })
    await app.ready()
    const close = async () => {
      await app.close()
      await database.close()
    }
    return { app, db: database.db, database, config, kind: testDbKind(), reset: async () => {}, close }
  }

  it('charges each moment once, before the restart and after it', async () => {
    const clock = new TestClock()
    const first = await start(clock)
    const owner = await member(first, { cents: 1_000 })
    const id = await liveAd(first, owner)
    const at = (hours: number) => new Date(clock.now().getTime() + hours * HOUR).toISOString()
    const moments = [at(1), at(2), at(3)]
    expect((await schedule(first, owner, id, moments)).statusCode).toBe(200)
    clock.advance(HOUR)
    await first.app.jobs.runDue()
    expect(await scheduledRows(first)).toHaveLength(1)
    await first.close()

    // the second moment falls due while no process runs
    clock.advance(HOUR)
    const second = await start(clock)
    try {
      await second.app.jobs.runDue()
      expect(await scheduledRows(second)).toHaveLength(2)
      clock.advance(HOUR)
      await second.app.jobs.runDue()
      await second.app.jobs.runDue()
      const rows = await scheduledRows(second)
      expect(rows.map((r) => r.scheduledFor?.toISOString()).sort()).toEqual(moments)
      const done = await second.db.select().from(jobs).where(eq(jobs.kind, scheduledBumpKind.name))
      expect(done.map((j) => [j.attempts, j.doneAt !== null])).toEqual([
        [1, true],
        [1, true],
        [1, true],
      ])
    } finally {
      await second.close()
    }
  }, 120_000)
})

// The servers go by the system's clock; this file's app, which makes the schedules, by one three
// hours behind, so every moment it accepts as future is already due for the servers. Its own queue
// finds none due by its clock: only the two servers run them.
describe.runIf(testDbKind() === 'postgres')('a schedule run by two processes', () => {
  const here = setupTestApp(
    { JOB_POLL_MS: 60_000 },
    { clock: new TestClock(new Date(Date.now() - 3 * HOUR)) },
  )
  const servers: ServerProcess[] = []
  beforeAll(async () => {
    const env = { DATABASE_URL: here.t.config.DATABASE_URL ?? '' }
    servers.push(...(await Promise.all([startServer(env), startServer(env)])))
  }, 400_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
  })

  it('charges every due moment exactly once between them', async () => {
    const { t } = here
    const ADS = 30
    const soon = new Date(t.app.clock.now().getTime() + HOUR).toISOString()
    for (let i = 0; i < ADS; i++) {
      const owner = await member(t, { cents: 500 })
      const id = await liveAd(t, owner)
      expect((await schedule(t, owner, id, [soon])).statusCode).toBe(200)
    }
    await vi.waitFor(
      async () => {
        const waiting = await t.db.select().from(jobs).where(eq(jobs.kind, scheduledBumpKind.name))
        expect(waiting.filter((j) => j.doneAt === null)).toEqual([])
      },
      { timeout: 120_000, interval: 250 },
    )
    const rows = await scheduledRows(t)
    expect(rows).toHaveLength(ADS)
    expect(new Set(rows.map((r) => r.listingId)).size).toBe(ADS)
    const charged = servers.map(
      (server) =>
        server.lines.filter((line) => line.includes('"scheduled bump"') && line.includes('"charged"')).length,
    )
    expect(charged.reduce((a, b) => a + b, 0)).toBe(ADS)
  }, 180_000)
})
