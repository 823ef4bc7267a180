/**
 * At most `limit` holders at once. Waiters are served by turns between keys (one uploader's account
 * each): whoever queued ten photos gets one slot, then the next account in line gets one, so one
 * uploader never makes the others wait behind all of their files. Within a key, arrival order.
 */
export class Semaphore {
  private active = 0
  // Map keeps insertion order: the first key is the next one served, and a served key moves to the back
  private readonly waiting = new Map<string, (() => void)[]>()
  // the key served last: its waiters queued while it ran go after every other key's
  private lastKey: string | undefined

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>, key = ''): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.enqueue(key, resolve))
    else {
      this.active++
      this.lastKey = key
    }
    try {
      return await task()
    } finally {
      const next = this.dequeue()
      // the slot passes straight to the next waiter, so `active` never dips and lets a newcomer jump ahead
      if (next) next()
      else this.active--
    }
  }

  private enqueue(key: string, resolve: () => void): void {
    const line = this.waiting.get(key)
    if (line) line.push(resolve)
    else this.waiting.set(key, [resolve])
  }

  private dequeue(): (() => void) | undefined {
    if (this.lastKey !== undefined && this.waiting.size > 1) {
      const line = this.waiting.get(this.lastKey)
      if (line && this.waiting.keys().next().value === this.lastKey) {
        this.waiting.delete(this.lastKey)
        this.waiting.set(this.lastKey, line)
      }
    }
    const first = this.waiting.entries().next()
    if (first.done) return undefined
    const [key, line] = first.value
    const next = line.shift()
    this.waiting.delete(key)
    if (line.length > 0) this.waiting.set(key, line)
    this.lastKey = key
    return next
  }
}
