import { Counter, Gauge } from 'prom-client'
import type { DueJobs } from '#server/services/jobs/claim.ts'
import type { JobObserver } from '#server/services/jobs/job-queue.ts'
import type { Metrics } from './metrics.ts'

/**
 * The job queue's figures (docs/decisions/045-jobs.md): how many jobs of each kind are due and how
 * long the oldest has waited (read from the database at each scrape, NaN while it does not answer),
 * failed runs and given-up jobs, and when this process last finished one. Answers the observer the
 * queue tells of each run.
 */
export function jobMetrics(metrics: Metrics, dueJobs: () => Promise<DueJobs[]>): JobObserver {
  const registers = [metrics.registry]
  const read = metrics.databaseFigure(dueJobs)
  const gauge = (name: string, help: string, pick: (row: DueJobs) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ['kind'],
      registers,
      async collect() {
        const rows = await read()
        this.reset()
        if (!rows) {
          this.set(Number.NaN)
          return
        }
        for (const row of rows) this.set({ kind: row.kind }, pick(row))
      },
    })
  gauge(
    'maple_jobs_due',
    'Jobs whose time has come and that are not finished (running, or waiting for a run or a retry), by kind',
    (row) => row.due,
  )
  gauge(
    'maple_jobs_oldest_due_seconds',
    'How long the oldest unfinished due job of each kind has waited past its time (0 when none is due)',
    (row) => row.oldestDueSeconds,
  )
  const failures = new Counter({
    name: 'maple_job_failures_total',
    help: 'Job runs that threw, by kind and outcome (retry: it runs again later; gave_up: it never will)',
    labelNames: ['kind', 'outcome'],
    registers,
  })
  const lastSuccess = new Gauge({
    name: 'maple_job_last_success_timestamp_seconds',
    help: 'When this process last finished a job of each kind (Unix time)',
    labelNames: ['kind'],
    registers,
  })
  return {
    succeeded: (kind) => lastSuccess.set({ kind }, Date.now() / 1000),
    failed: (kind, gaveUp) => failures.inc({ kind, outcome: gaveUp ? 'gave_up' : 'retry' }),
  }
}
