import type { FastifyBaseLogger } from 'fastify'
import { outageReason } from './outages.ts'

interface Task {
  name: string
  run: () => Promise<void>
}

// a task that failed (the database not there yet) is tried again after 1 s, then 2, 4… up to 30 s
const FIRST_RETRY_MS = 1_000
const LAST_RETRY_MS = 30_000

/**
 * Start-up work that can wait: it runs once the app is ready, while it already listens, instead of
 * holding `listen` (seeding the cities and the demo ads took 22-32 s on a loaded machine, past
 * Fastify's plugin timeout). Until every task has succeeded, /readyz answers 503 naming what is
 * pending, so a balancer sends no traffic yet (docs/decisions/026-migrations-and-start-up.md).
 * A task that fails is retried with back-off until it succeeds or the app closes.
 */
export class StartupWork {
  private readonly waiting: Task[] = []
  private readonly pending = new Set<string>()
  private readonly running: Promise<void>[] = []
  private log: FastifyBaseLogger | undefined
  private stopped = false
  private begun = () => {}
  private readonly started = new Promise<void>((resolve) => {
    this.begun = resolve
  })
  // the back-off waits under way, cut short by stop()
  private readonly sleepers = new Set<() => void>()

  /**
   * Runs `run` once the app is ready (at once if it already is); the promise resolves with its value
   * once a run has succeeded, and never rejects.
   */
  add<T>(name: string, run: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve) => {
      const task: Task = { name, run: async () => resolve(await run()) }
      this.pending.add(name)
      if (this.log) this.begin(task, this.log)
      else this.waiting.push(task)
    })
  }

  /** Starts every task added so far (the app's onReady). */
  start(log: FastifyBaseLogger): void {
    this.log = log
    for (const task of this.waiting.splice(0)) this.begin(task, log)
    this.begun()
  }

  private begin(task: Task, log: FastifyBaseLogger): void {
    const attempt = async () => {
      for (let delay = FIRST_RETRY_MS; !this.stopped; delay = Math.min(delay * 2, LAST_RETRY_MS)) {
        try {
          await task.run()
          this.pending.delete(task.name)
          return
        } catch (error) {
          if (this.stopped) return
          log.warn({ task: task.name, reason: outageReason(error), retryInMs: delay }, 'start-up work failed')
          await this.sleep(delay)
        }
      }
    }
    this.running.push(attempt())
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const wake = () => {
        clearTimeout(timer)
        this.sleepers.delete(wake)
        resolve()
      }
      const timer = setTimeout(wake, ms)
      this.sleepers.add(wake)
    })
  }

  /** The names of the tasks that have not succeeded yet. */
  unfinished(): string[] {
    return [...this.pending]
  }

  /** Resolves once the work has started and every task has succeeded (or the app closed). */
  async settled(): Promise<void> {
    await this.started
    await Promise.all(this.running)
  }

  /** Stops retrying and waits for the runs under way, so none touches a closed database. */
  async stop(): Promise<void> {
    this.stopped = true
    this.begun()
    for (const wake of [...this.sleepers]) wake()
    await Promise.all(this.running)
  }
}
