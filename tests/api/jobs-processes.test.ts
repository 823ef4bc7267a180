import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { jobs } from '#server/db/schema/jobs.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { enqueueJob } from '#server/services/jobs/enqueue.ts'
import { setupTestApp, testDbKind } from '#tests/support/api-app.ts'
import { processJobKind, shortLeaseJobKind } from '#tests/support/job-test-kinds.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'

// Two real server processes (src/server/main.ts) on one PostgreSQL database run the test-only kind of
// tests/support/job-test-kinds.ts (docs/decisions/045-jobs.md): every job once, and a job whose
// process is killed mid-run runs again on the other once its lease ends, its effect written once.
// This test's own app only queues: it does not handle the kind.

describe.runIf(testDbKind() === 'postgres')('jobs across processes', () => {
  const here = setupTestApp()
  const servers: ServerProcess[] = []

  beforeAll(async () => {
    const env = {
      DATABASE_URL: here.t.config.DATABASE_URL ?? '',
      JOB_TEST_KINDS: 'tests/support/job-test-kinds.ts',
    }
    servers.push(...(await Promise.all([startServer(env), startServer(env)])))
  }, 400_000)
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
  })

  const mails = (prefix: string) =>
    here.t.db
      .select({ subject: outbox.subject, pid: outbox.text })
      .from(outbox)
      .where(like(outbox.subject, `${prefix}%`))

  it('runs 200 jobs queued at once, each exactly once, with both processes taking part', async () => {
    const { db } = here.t
    const now = new Date()
    await db.transaction(async (tx) => {
      for (let i = 0; i < 200; i++)
        await enqueueJob(tx, {
          kind: processJobKind,
          key: `job-${i}`,
          runAt: now,
          payload: { hangOnFirstAttempt: false, waitForProcesses: 2 },
        })
    })
    await vi.waitFor(
      async () => {
        const left = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.kind, 'test.process'))
        const done = await mails('done:')
        expect(left).toHaveLength(200)
        expect(done.length).toBeGreaterThanOrEqual(200)
      },
      { timeout: 120_000, interval: 250 },
    )
    const done = await mails('done:')
    expect(done).toHaveLength(200)
    expect(new Set(done.map((m) => m.subject)).size).toBe(200)
    const pids = new Set(done.map((m) => m.pid))
    expect(pids).toEqual(new Set(servers.map((server) => String(server.child.pid))))
    // every job is done (a run on a busy machine may have outlived its lease and been run again:
    // its effect was still written once, as counted above)
    const rows = await db.select().from(jobs).where(eq(jobs.kind, 'test.process'))
    expect(rows.filter((row) => row.doneAt === null)).toEqual([])
  }, 180_000)

  it('runs again on the other process a job whose process was killed mid-run (SIGKILL), and writes its effect once', async () => {
    const { db } = here.t
    await here.t.reset()
    await enqueueJob(db, {
      kind: shortLeaseJobKind,
      key: 'killed',
      runAt: new Date(),
      payload: { hangOnFirstAttempt: true, waitForProcesses: 1 },
    })
    const started = await vi.waitFor(
      async () => {
        const [first] = await mails('started:killed')
        expect(first).toBeDefined()
        return first
      },
      { timeout: 60_000, interval: 100 },
    )
    const victim = servers.find((server) => String(server.child.pid) === started?.pid)
    const survivor = servers.find((server) => server !== victim)
    if (!victim || !survivor) throw new Error(`no server has pid ${started?.pid}`)
    victim.child.kill('SIGKILL')
    expect((await victim.exited).signal).toBe('SIGKILL')

    // after its lease (3 s) the survivor takes it over and finishes it
    const row = await vi.waitFor(
      async () => {
        const [job] = await db
          .select()
          .from(jobs)
          .where(and(eq(jobs.kind, 'test.short-lease'), eq(jobs.key, 'killed')))
        expect(job?.doneAt).not.toBeNull()
        return job
      },
      { timeout: 60_000, interval: 200 },
    )
    expect(row?.attempts).toBe(2)
    const done = await mails('done:killed')
    expect(done).toEqual([{ subject: 'done:killed', pid: String(survivor.child.pid) }])
    expect((await mails('started:killed')).map((m) => m.pid)).toEqual([
      String(victim.child.pid),
      String(survivor.child.pid),
    ])
  }, 120_000)
})
