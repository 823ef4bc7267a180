import type { FastifyBaseLogger } from 'fastify'

/**
 * Work a request starts and does not wait for: the mail of forgot-password and
 * resend-verification. Their answer must not depend on whether the address has an account, in its
 * words or in its time; queuing a mail (a token and an outbox row in one transaction) made the
 * known addresses' answers about twice as slow (19 vs 11 ms medians), which told them apart.
 * A failure is logged: the visitor was told nothing they could act on either way.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>()

  constructor(private readonly log: FastifyBaseLogger) {}

  run(name: string, task: () => Promise<void>): void {
    const work: Promise<void> = task()
      .catch((error: unknown) => this.log.error({ err: error }, `${name} failed after its answer`))
      .finally(() => this.running.delete(work))
    this.running.add(work)
  }

  /** Resolves once nothing started so far is still running (shutdown, tests). */
  async settled(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running])
  }
}
