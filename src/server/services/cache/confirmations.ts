// a writer waits this long at most for every process to confirm its news: the caches' recheck bound
// (015), after which no process holds an entry read before the change anyway
export const CONFIRM_WITHIN_MS = 1_000

interface Confirmation {
  /** the processes known when the news went out that have not confirmed it yet */
  waitingFor: Set<string>
  /** whether Redis took the news (PUBLISH answered) */
  sent: boolean
  done: () => void
  settled: Promise<void>
}

/**
 * The news items this process sent that are not confirmed yet, by sequence number: a request that
 * made news is answered once every process has confirmed it, or CONFIRM_WITHIN_MS after it went out
 * (docs/decisions/021-shared-changes.md, change-feed.ts).
 */
export class Confirmations {
  private readonly waiting = new Map<number, Confirmation>()

  /**
   * Waits for the processes known now (`peers`), not for whoever else subscribes to the channel (a
   * `redis-cli subscribe` would never confirm); one that starts meanwhile voids its caches when it
   * first hears this process.
   */
  expect(seq: number, peers: Iterable<string>): void {
    let done = () => {}
    const settled = new Promise<void>((resolve) => {
      done = resolve
    })
    const timer = setTimeout(() => confirmation.done(), CONFIRM_WITHIN_MS)
    const confirmation: Confirmation = {
      waitingFor: new Set(peers),
      sent: false,
      settled,
      done: () => {
        clearTimeout(timer)
        this.waiting.delete(seq)
        done()
      },
    }
    this.waiting.set(seq, confirmation)
  }

  /** Redis took news `seq`: it is done once every process it waits for has confirmed it. */
  sent(seq: number): void {
    const confirmation = this.waiting.get(seq)
    if (confirmation === undefined) return
    confirmation.sent = true
    if (confirmation.waitingFor.size === 0) confirmation.done()
  }

  /** A confirmation, `<seq> <origin>`, from a process that has applied this process's news. */
  confirm(message: string): void {
    const [seq, origin] = message.split(' ')
    const confirmation = this.waiting.get(Number(seq))
    if (confirmation === undefined || origin === undefined) return
    confirmation.waitingFor.delete(origin)
    if (confirmation.sent && confirmation.waitingFor.size === 0) confirmation.done()
  }

  /**
   * Resolves once every news item sent so far is confirmed by every process or CONFIRM_WITHIN_MS
   * has passed; undefined when none is waiting (a request that made no news never waits).
   */
  settled(): Promise<void> | undefined {
    if (this.waiting.size === 0) return undefined
    return Promise.all([...this.waiting.values()].map((c) => c.settled)).then(() => undefined)
  }

  /** Closing: nobody waits any longer. */
  endAll(): void {
    for (const confirmation of [...this.waiting.values()]) confirmation.done()
  }
}
