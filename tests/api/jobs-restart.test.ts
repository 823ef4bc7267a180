// Jobs survive a restart (docs/decisions/045-jobs.md): an app closed with a job waiting for its time
// and one in the middle of its run is built again on the same database (PGlite's files, or the same
// PostgreSQL database), and both run there, once. Closing gives back the lease of the run it could
// not wait for, so the next start runs it at once and does not count the lost attempt.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { type Database, openDatabase } from '#server/db/client.ts'
import { jobs } from '#server/db/schema/jobs.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { enqueueJob } from '#server/services/jobs/enqueue.ts'
import { defineJobKind, type JobHandler } from '#server/services/jobs/job-kind.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'
import { createScratchPostgres, type ScratchDatabase, testDbKind } from '#tests/support/api-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const HOUR_MS = 60 * 60 * 1000
const reminderKind = defineJobKind('test.reminder', z.object({}))
const slowKind = defineJobKind('test.slow', z.object({}))

const mailEffect: JobHandler<object> = async (job, { complete }) => {
  await complete((tx) => enqueueMail(tx, { to: 'jobs@example.com', subject: job.key, text: job.kind }))
}

describe('jobs across a restart', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'maple-jobs-restart-'))
  let scratch: ScratchDatabase | undefined
  afterAll(async () => {
    await scratch?.drop()
    rmSync(dataDir, { recursive: true, force: true })
  })

  async function start(
    clock: TestClock,
    handleSlow: JobHandler<object>,
  ): Promise<{ app: FastifyInstance; database: Database }> {
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
    app.jobs.handle(reminderKind, mailEffect)
    app.jobs.handle(slowKind, handleSlow)
    await app.ready()
    return { app, database }
  }

  it('runs after the restart a job that was waiting and one whose run the close cut short, each once', async () => {
    const clock = new TestClock()
    let slowStarted = false
    const first = await start(clock, async () => {
      slowStarted = true
      // a run that does not end before the process does
      await new Promise(() => {})
    })
    await enqueueJob(first.database.db, {
      kind: reminderKind,
      key: 'in-an-hour',
      runAt: new Date(clock.now().getTime() + HOUR_MS),
      payload: {},
    })
    await first.database.db.transaction((tx) =>
      enqueueJob(tx, { kind: slowKind, key: 'cut-short', runAt: clock.now(), payload: {} }),
    )
    await vi.waitFor(() => expect(slowStarted).toBe(true), { timeout: 10_000 })
    await first.app.close()
    await first.database.close()

    clock.advance(HOUR_MS)
    const second = await start(clock, mailEffect)
    try {
      await second.app.jobs.runDue()
      const { db } = second.database
      const mails = await db.select({ subject: outbox.subject }).from(outbox).orderBy(outbox.subject)
      expect(mails.map((m) => m.subject)).toEqual(['cut-short', 'in-an-hour'])
      const rows = await db.select().from(jobs).orderBy(jobs.key)
      expect(rows.map((r) => [r.key, r.attempts, r.doneAt !== null])).toEqual([
        ['cut-short', 1, true],
        ['in-an-hour', 1, true],
      ])
      await second.app.jobs.runDue()
      expect(await db.select().from(outbox).where(eq(outbox.subject, 'cut-short'))).toHaveLength(1)
    } finally {
      await second.app.close()
      await second.database.close()
    }
  }, 120_000)
})
