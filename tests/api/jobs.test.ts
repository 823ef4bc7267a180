// The job queue (services/jobs/, docs/decisions/045-jobs.md) in one process, on PGlite and on
// PostgreSQL: one job per cause, run once at its time by the app's clock, retried then given up, a
// run whose lease ran out unable to finish the job, schedules cancelled, figures for the operator.
// Each test job's database effect is a mail in the outbox, written in the job's completing transaction.
import { and, eq, isNotNull } from 'drizzle-orm'
import { describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { jobs } from '#server/db/schema/jobs.ts'
import { outbox } from '#server/db/schema/mail.ts'
import { cancelJobs, enqueueJob } from '#server/services/jobs/enqueue.ts'
import { defineJobKind } from '#server/services/jobs/job-kind.ts'
import { JOB_BATCH, JobQueue, retryDelayMs } from '#server/services/jobs/job-queue.ts'
import { enqueueMail } from '#server/services/mail/outbox.ts'
import { setupTestApp } from '#tests/support/api-app.ts'
import { TestClock } from '#tests/support/test-clock.ts'

const METRICS_TOKEN = 'scraper-token-0123456789abcdef0123456789'
const HOUR_MS = 60 * 60 * 1000

const mailKind = defineJobKind('test.mail', z.object({ note: z.string() }))
const failingKind = defineJobKind('test.failing', z.object({}))
const heldKind = defineJobKind('test.held', z.object({}))
const gatedKind = defineJobKind('test.gated', z.object({}))
const scheduleKind = defineJobKind('test.schedule', z.object({ scheduleId: z.number() }))
// queued, never handled here: what the operator sees of a kind no process runs
const unhandledKind = defineJobKind('test.unhandled', z.object({}))

interface LogLine {
  msg: string
  kind?: string
}
const lines: LogLine[] = []

// the gated jobs' handlers wait for this gate
let gatedStarted = 0
let openGate: () => void = () => {}
let gate = new Promise<void>((resolve) => {
  openGate = resolve
})

// the held job's handler waits here until a test lets it go
let releaseHeld: () => void = () => {}
let heldStarted = false

const clock = new TestClock()
const api = setupTestApp(
  // a poll a minute: a job that runs at once in these tests was woken by its own commit
  { JOB_POLL_MS: 60_000, LOG_LEVEL: 'info', METRICS_TOKEN },
  {
    clock,
    logStream: { write: (line) => void lines.push(JSON.parse(line) as LogLine) },
    setup: (app) => {
      app.jobs.handle(mailKind, async (job, { complete }) => {
        await complete((tx) =>
          enqueueMail(tx, { to: 'jobs@example.com', subject: job.key, text: job.payload.note }),
        )
      })
      app.jobs.handle(
        failingKind,
        async () => {
          throw new Error('the service said no')
        },
        { maxAttempts: 3 },
      )
      app.jobs.handle(
        heldKind,
        async (job, { complete }) => {
          heldStarted = true
          await new Promise<void>((resolve) => {
            releaseHeld = resolve
          })
          await complete((tx) =>
            enqueueMail(tx, { to: 'jobs@example.com', subject: job.key, text: 'first run' }),
          )
        },
        { leaseMs: 30_000 },
      )
      app.jobs.handle(scheduleKind, async () => {})
      app.jobs.handle(gatedKind, async () => {
        gatedStarted++
        await gate
      })
    },
  },
)

async function mails(subject: string) {
  return api.t.db.select().from(outbox).where(eq(outbox.subject, subject))
}

async function jobRow(kind: string, key: string) {
  const [row] = await api.t.db
    .select()
    .from(jobs)
    .where(and(eq(jobs.kind, kind), eq(jobs.key, key)))
  if (!row) throw new Error(`no job ${kind} ${key}`)
  return row
}

async function scrape(): Promise<string> {
  const res = await api.t.app.inject({
    method: 'GET',
    url: '/metrics',
    headers: { authorization: `Bearer ${METRICS_TOKEN}` },
  })
  expect(res.statusCode).toBe(200)
  return res.body
}

describe('the job queue', () => {
  it('queues one job per cause, however often and however concurrently the cause queues it', async () => {
    const { db } = api.t
    const runAt = new Date(clock.now().getTime() + HOUR_MS)
    const queue = () =>
      db.transaction((tx) =>
        enqueueJob(tx, { kind: mailKind, key: 'ad:1:search:2', runAt, payload: { note: 'x' } }),
      )
    const answers = await Promise.all([queue(), queue(), queue(), queue(), queue()])
    expect(answers.filter(Boolean)).toHaveLength(1)
    expect(await db.select().from(jobs).where(eq(jobs.key, 'ad:1:search:2'))).toHaveLength(1)

    // once it has run, the same cause still does not queue it again
    clock.advance(HOUR_MS)
    await api.t.app.jobs.runDue()
    expect(await queue()).toBe(false)
    await api.t.app.jobs.runDue()
    expect(await mails('ad:1:search:2')).toHaveLength(1)
  })

  it('takes a batch at a time: the jobs past it wait for the batch to finish', async () => {
    const { db, app } = api.t
    gatedStarted = 0
    gate = new Promise<void>((resolve) => {
      openGate = resolve
    })
    await db.transaction(async (tx) => {
      for (let i = 0; i < JOB_BATCH + 2; i++)
        await enqueueJob(tx, { kind: gatedKind, key: `gated-${i}`, runAt: clock.now(), payload: {} })
    })
    await vi.waitFor(() => expect(gatedStarted).toBe(JOB_BATCH), { timeout: 10_000 })
    const leased = await db.select({ key: jobs.key }).from(jobs).where(isNotNull(jobs.leaseToken))
    expect(leased).toHaveLength(JOB_BATCH)
    openGate()
    await app.jobs.runDue()
    const done = await db.select({ key: jobs.key }).from(jobs).where(isNotNull(jobs.doneAt))
    expect(done).toHaveLength(JOB_BATCH + 2)
    expect(gatedStarted).toBe(JOB_BATCH + 2)
  })

  it('refuses a payload its kind does not read, and queues nothing', async () => {
    const { db } = api.t
    const bad = { note: 42 } as unknown as { note: string }
    await expect(
      enqueueJob(db, { kind: mailKind, key: 'bad', runAt: clock.now(), payload: bad }),
    ).rejects.toThrow()
    expect(await db.select().from(jobs)).toHaveLength(0)
  })

  it('runs a job once, at its time by the app clock, and not before', async () => {
    const { db, app } = api.t
    const runAt = new Date(clock.now().getTime() + HOUR_MS)
    await db.transaction((tx) =>
      enqueueJob(tx, { kind: mailKind, key: 'reminder', runAt, payload: { note: 'soon' } }),
    )

    await app.jobs.runDue()
    expect(await mails('reminder')).toHaveLength(0)
    clock.advance(HOUR_MS - 1_000)
    await app.jobs.runDue()
    expect(await mails('reminder')).toHaveLength(0)

    clock.advance(1_000)
    await app.jobs.runDue()
    await app.jobs.runDue()
    const sent = await mails('reminder')
    expect(sent.map((m) => m.text)).toEqual(['soon'])
    const row = await jobRow('test.mail', 'reminder')
    expect(row.doneAt?.getTime()).toBe(clock.now().getTime())
    expect(row.attempts).toBe(1)
    expect(row.leaseToken).toBeNull()
  })

  it('runs at once a job queued due now, as soon as its transaction commits, without waiting for a poll', async () => {
    const { db } = api.t
    await db.transaction((tx) =>
      enqueueJob(tx, { kind: mailKind, key: 'now', runAt: clock.now(), payload: { note: 'at once' } }),
    )
    // the poll is a minute away: only the wake of the commit can run it
    await vi.waitFor(async () => expect(await mails('now')).toHaveLength(1), { timeout: 10_000 })
  })

  it('queues nothing when the cause rolls back', async () => {
    const { db, app } = api.t
    await expect(
      db.transaction(async (tx) => {
        await enqueueJob(tx, {
          kind: mailKind,
          key: 'rolled-back',
          runAt: clock.now(),
          payload: { note: 'x' },
        })
        throw new Error('the cause failed')
      }),
    ).rejects.toThrow('the cause failed')
    await app.jobs.runDue()
    expect(await db.select().from(jobs)).toHaveLength(0)
    expect(await mails('rolled-back')).toHaveLength(0)
  })

  it('retries a handler that throws, later each time, then gives the job up and logs it once', async () => {
    const { db, app } = api.t
    lines.length = 0
    await enqueueJob(db, { kind: failingKind, key: 'doomed', runAt: clock.now(), payload: {} })
    await app.jobs.runDue()
    let row = await jobRow('test.failing', 'doomed')
    expect(row).toMatchObject({
      attempts: 1,
      lastError: 'the service said no',
      failedAt: null,
      leaseToken: null,
    })
    expect(row.nextAttemptAt.getTime()).toBe(clock.now().getTime() + retryDelayMs(1))

    // not before its back-off has passed
    await app.jobs.runDue()
    expect((await jobRow('test.failing', 'doomed')).attempts).toBe(1)
    clock.advance(retryDelayMs(1))
    await app.jobs.runDue()
    expect((await jobRow('test.failing', 'doomed')).attempts).toBe(2)
    clock.advance(retryDelayMs(2))
    await app.jobs.runDue()
    row = await jobRow('test.failing', 'doomed')
    expect(row.attempts).toBe(3)
    expect(row.failedAt?.getTime()).toBe(clock.now().getTime())

    // given up: never run again
    clock.advance(24 * HOUR_MS)
    await app.jobs.runDue()
    expect((await jobRow('test.failing', 'doomed')).attempts).toBe(3)
    const about = lines.filter((l) => l.kind === 'test.failing')
    expect(about.filter((l) => l.msg === 'jobs: given up')).toHaveLength(1)
    expect(about.filter((l) => l.msg === 'jobs: run failed, will retry')).toHaveLength(2)
    const body = await scrape()
    expect(body).toContain('maple_job_failures_total{kind="test.failing",outcome="retry"} 2')
    expect(body).toContain('maple_job_failures_total{kind="test.failing",outcome="gave_up"} 1')
  })

  it('lets a run whose lease ran out finish nothing: the run that took the job over writes its effect, once', async () => {
    const { db, app } = api.t
    heldStarted = false
    await db.transaction((tx) =>
      enqueueJob(tx, { kind: heldKind, key: 'bump:1', runAt: clock.now(), payload: {} }),
    )
    // this process's run starts and hangs (a slow push service, a stalled event loop)
    const firstRun = app.jobs.runDue()
    await vi.waitFor(() => expect(heldStarted).toBe(true), { timeout: 10_000 })

    // its lease runs out; another process (a second queue on the same database) takes the job over
    clock.advance(31_000)
    const other = new JobQueue({ db, clock, log: app.log, outages: app.outages, pollMs: 0 })
    other.handle(heldKind, async (job, { complete }) => {
      await complete((tx) =>
        enqueueMail(tx, { to: 'jobs@example.com', subject: job.key, text: 'second run' }),
      )
    })
    expect(await other.runDue()).toBe(1)

    // the first run wakes up and tries to finish: its effect rolls back
    releaseHeld()
    await firstRun
    const sent = await mails('bump:1')
    expect(sent.map((m) => m.text)).toEqual(['second run'])
    const row = await jobRow('test.held', 'bump:1')
    expect(row.attempts).toBe(2)
    expect(row.doneAt).not.toBeNull()
    expect(row.failedAt).toBeNull()
    await other.stop()
  })

  it('cancels the waiting jobs of a schedule by key prefix or by payload, and keeps the finished ones', async () => {
    const { db, app } = api.t
    const later = new Date(clock.now().getTime() + HOUR_MS)
    await enqueueJob(db, {
      kind: scheduleKind,
      key: 'schedule:1:done',
      runAt: clock.now(),
      payload: { scheduleId: 1 },
    })
    await app.jobs.runDue()
    for (const [key, scheduleId] of [
      ['schedule:1:a', 1],
      ['schedule:1:b', 1],
      ['schedule:2:a', 2],
      ['schedule:3:a', 3],
    ] as const)
      await enqueueJob(db, { kind: scheduleKind, key, runAt: later, payload: { scheduleId } })
    // another kind with a key of the same shape is not touched
    await enqueueJob(db, { kind: mailKind, key: 'schedule:1:a', runAt: later, payload: { note: 'x' } })

    expect(
      await db.transaction((tx) => cancelJobs(tx, { kind: scheduleKind, keyPrefix: 'schedule:1:' })),
    ).toBe(2)
    expect(await cancelJobs(db, { kind: scheduleKind, payload: { scheduleId: 2 } })).toBe(1)
    const left = await db.select({ kind: jobs.kind, key: jobs.key }).from(jobs).orderBy(jobs.kind, jobs.key)
    expect(left).toEqual([
      { kind: 'test.mail', key: 'schedule:1:a' },
      { kind: 'test.schedule', key: 'schedule:1:done' },
      { kind: 'test.schedule', key: 'schedule:3:a' },
    ])
    // a cancelled moment may be scheduled again
    expect(
      await enqueueJob(db, {
        kind: scheduleKind,
        key: 'schedule:1:a',
        runAt: later,
        payload: { scheduleId: 1 },
      }),
    ).toBe(true)
  })

  it('tells the operator how many jobs of each kind are due and how long the oldest has waited', async () => {
    const { db } = api.t
    const ago = (seconds: number) => new Date(clock.now().getTime() - seconds * 1000)
    await enqueueJob(db, { kind: unhandledKind, key: 'a', runAt: ago(90), payload: {} })
    await enqueueJob(db, { kind: unhandledKind, key: 'b', runAt: ago(30), payload: {} })
    await enqueueJob(db, {
      kind: unhandledKind,
      key: 'c',
      runAt: new Date(clock.now().getTime() + HOUR_MS),
      payload: {},
    })
    const body = await scrape()
    expect(body).toContain('maple_jobs_due{kind="test.unhandled"} 2')
    expect(body).toContain('maple_jobs_oldest_due_seconds{kind="test.unhandled"} 90')
    // a kind this process runs, with nothing due
    expect(body).toContain('maple_jobs_due{kind="test.schedule"} 0')
  })
})
