import type { Redis } from 'ioredis'
import { addressKey } from '#server/addresses.ts'
import { ClientWindows } from './client-windows.ts'

/** A client's fixed window: how many requests it made in it and when it ends (ms since the epoch). */
export interface RateWindow {
  count: number
  resetAt: number
}

/**
 * Counts a client's requests in its current window. The in-memory counters answer at once (no
 * promise: a limited route is often a hot one, docs/decisions/023-rate-limits.md); Redis's count
 * in this process's memory while Redis cannot count. Undefined lets the request through.
 */
export interface RateCounters {
  hit(key: string, now: number): RateWindow | Promise<RateWindow | undefined>
}

// past this many clients inside one window of one route, the oldest windows are forgotten (those
// clients start again at zero) rather than the process growing without end under a flood of
// addresses: about 120 bytes each, 6 MB a route at most
const MEMORY_COUNTERS_MAX_KEYS = 50_000

/** One route's counters in this process, each client's window kept in the order they end (ClientWindows). */
export class MemoryCounters implements RateCounters {
  readonly #windows: ClientWindows<RateWindow>

  constructor(
    private readonly windowMs: number,
    maxKeys = MEMORY_COUNTERS_MAX_KEYS,
  ) {
    this.#windows = new ClientWindows(maxKeys)
  }

  get size(): number {
    return this.#windows.size
  }

  hit(key: string, now: number): RateWindow {
    const current = this.#windows.get(key)
    if (current !== undefined && current.resetAt > now) {
      current.count++
      return current
    }
    const started = { count: 1, resetAt: now + this.windowMs }
    this.#windows.start(key, started, now)
    return started
  }
}

// one round trip that counts each client of KEYS by its hits (ARGV[i + 1]: those this process counted
// since it last asked) and starts a window on its first request; answers count and time left per
// client. A key left without an expiry (a crash between two calls of an older version) gets one
// instead of counting forever. One call for many clients: the route's keys live on one Redis, not a
// cluster
const HIT_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local by = tonumber(ARGV[i + 1])
  local count = redis.call('INCRBY', key, by)
  if count == by then redis.call('PEXPIRE', key, ARGV[1]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then
    redis.call('PEXPIRE', key, ARGV[1])
    ttl = tonumber(ARGV[1])
  end
  out[#out + 1] = count
  out[#out + 1] = ttl
end
return out`

// the most clients one flush counts in one call
const FLUSH_BATCH = 500
// Redis hears of the hits counted here at most this long after the first of them, all clients of those
// milliseconds in one call: a flush at every turn of the event loop made a call for every one to three
// requests under load, 2.4 µs of each limited request (docs/decisions/023-rate-limits.md, "Flushing
// by the clock"). Against a window of a minute the lag is nothing, and no decision near a limit uses it
export const FLUSH_AFTER_MS = 10

// below this share of its limit (by what this process last heard from Redis and has counted since; a
// client it has not seen in this window as a new one) a client is counted here at once, and Redis
// hears of it within FLUSH_AFTER_MS, with every other such client's hits in one round trip; from it
// on, every hit asks Redis and waits (docs/decisions/023-rate-limits.md, "Counting in Redis without a
// round trip per request")
const LOCAL_SHARE = 0.5
// a limit under this is counted by Redis at every hit: a few tries a minute (a reset code, a test's
// limit of 2) leave no room for a count that lags by another process's last hits
const LOCAL_MIN_LIMIT = 10

/**
 * A client's window as this process knows it: Redis's count when it last answered, the hits sent
 * since and not yet answered, and the hits counted here and not yet sent.
 */
interface KnownWindow {
  shared: number
  sending: number
  pending: number
  resetAt: number
}

const seen = (known: KnownWindow) => known.shared + known.sending + known.pending

/** The i-th client's window in the script's answer. */
function windowOf(reply: unknown, i: number, now: number): RateWindow | undefined {
  if (!Array.isArray(reply)) return undefined
  const count: unknown = reply[2 * i]
  const ttl: unknown = reply[2 * i + 1]
  if (typeof count !== 'number' || typeof ttl !== 'number') return undefined
  return { count, resetAt: now + ttl }
}

/**
 * One route's counters in Redis, shared by every process of the API. A client far from its limit is
 * counted without waiting for Redis (see LOCAL_SHARE); near it, each hit is counted by Redis itself,
 * so the limit holds across processes. While Redis cannot count, this process counts alone
 * (MemoryCounters): with N processes a client gets up to N times the limit, not an unlimited run at
 * the sign-in form (docs/decisions/027-health-and-draining.md).
 */
export class RedisCounters implements RateCounters {
  private readonly alone: MemoryCounters
  readonly #known: ClientWindows<KnownWindow>
  /** the clients with hits Redis has not heard of yet */
  readonly #dirty = new Set<string>()
  readonly #localUpTo: number
  #flushQueued = false

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly windowMs: number,
    max: number,
    maxKeys = MEMORY_COUNTERS_MAX_KEYS,
  ) {
    this.alone = new MemoryCounters(windowMs)
    this.#known = new ClientWindows(maxKeys)
    this.#localUpTo = max >= LOCAL_MIN_LIMIT ? Math.floor(max * LOCAL_SHARE) : 0
  }

  hit(key: string, now: number): RateWindow | Promise<RateWindow | undefined> {
    // while Redis is away, at once: a command would wait in ioredis's queue for the reconnection
    // (about 1.7 s a request)
    if (this.redis.status !== 'ready') return this.alone.hit(key, now)
    const known = this.#known.get(key)
    let current = known !== undefined && known.resetAt > now ? known : undefined
    if (current === undefined && this.#localUpTo >= 1) {
      // a client this process has not seen in its window is taken as new: Redis's count, if other
      // processes have counted it, comes back with the flush
      current = { shared: 0, sending: 0, pending: 0, resetAt: now + this.windowMs }
      this.#known.start(key, current, now)
    }
    if (current !== undefined && seen(current) + 1 <= this.#localUpTo) {
      current.pending++
      this.#dirty.add(key)
      this.#queueFlush()
      return { count: seen(current), resetAt: current.resetAt }
    }
    // the hits counted here and not yet sent go with this one
    const carried = current?.pending ?? 0
    if (current !== undefined) {
      current.sending += carried
      current.pending = 0
    }
    return this.#ask(key, now, carried)
  }

  async #ask(key: string, now: number, carried: number): Promise<RateWindow | undefined> {
    try {
      const reply = await this.redis.eval(HIT_SCRIPT, 1, `${this.prefix}${key}`, this.windowMs, carried + 1)
      const window = windowOf(reply, 0, now)
      this.#heard(key, window, carried)
      return window ?? this.alone.hit(key, now)
    } catch {
      this.#heard(key, undefined, carried)
      // Redis down: the outage is logged once by the client's error handler (rate-limit.ts)
      return this.alone.hit(key, now)
    }
  }

  /**
   * Redis's answer for a client (none when it failed) to a call that carried `sent` of the hits
   * counted here: its window as this process now knows it.
   */
  #heard(key: string, window: RateWindow | undefined, sent: number): void {
    const known = this.#known.get(key)
    if (known !== undefined) known.sending = Math.max(0, known.sending - sent)
    if (window === undefined) return
    // the same window, its end read a few milliseconds apart
    if (known !== undefined && Math.abs(known.resetAt - window.resetAt) < this.windowMs / 2) {
      known.shared = Math.max(known.shared, window.count)
      known.resetAt = window.resetAt
      return
    }
    this.#known.start(
      key,
      { shared: window.count, sending: 0, pending: 0, resetAt: window.resetAt },
      Date.now(),
    )
  }

  #queueFlush(): void {
    if (this.#flushQueued) return
    this.#flushQueued = true
    setTimeout(() => {
      this.#flushQueued = false
      void this.#flush()
    }, FLUSH_AFTER_MS).unref()
  }

  /** Every client's hits counted here since Redis last heard, in one call per FLUSH_BATCH clients. */
  async #flush(): Promise<void> {
    const sent: [string, number][] = []
    for (const key of this.#dirty) {
      const known = this.#known.get(key)
      if (known === undefined || known.pending === 0) continue
      sent.push([key, known.pending])
      known.sending += known.pending
      known.pending = 0
    }
    this.#dirty.clear()
    for (let start = 0; start < sent.length; start += FLUSH_BATCH) {
      const batch = sent.slice(start, start + FLUSH_BATCH)
      const now = Date.now()
      try {
        const reply: unknown = await this.redis.eval(
          HIT_SCRIPT,
          batch.length,
          ...batch.map(([key]) => `${this.prefix}${key}`),
          this.windowMs,
          ...batch.map(([, by]) => by),
        )
        batch.forEach(([key, by], i) => {
          this.#heard(key, windowOf(reply, i, now), by)
        })
      } catch {
        // Redis down: these hits are not shared; the counting goes on here (`alone`) once ioredis says so
        for (const [key, by] of batch) this.#heard(key, undefined, by)
      }
    }
  }
}

/** What a client is counted by: its address whatever the spelling, an IPv6 one by its /64 (addresses.ts). */
export function clientKey(ip: string | undefined): string {
  // Fastify has no address for a connection already closed: such requests are counted together
  return ip === undefined ? 'unknown' : addressKey(ip)
}
