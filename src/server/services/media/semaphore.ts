/** At most `limit` holders at once; the others wait in arrival order. */
export class Semaphore {
  private active = 0
  private readonly waiting: (() => void)[] = []

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve))
    else this.active++
    try {
      return await task()
    } finally {
      const next = this.waiting.shift()
      // the slot passes straight to the next waiter, so `active` never dips and lets a newcomer jump ahead
      if (next) next()
      else this.active--
    }
  }
}
