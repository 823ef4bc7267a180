import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import type { CommittedChanges } from '#server/db/changes.ts'
import { type ChangeNews, changesChannel, parseNews } from './change-news.ts'
import { Confirmations } from './confirmations.ts'
import type { CacheLive, Generations } from './rechecked-cache.ts'

// every process says it is there this often, and a process not heard from for SILENCE_MS (four
// beats) may be writing without being heard: every cache is off until it is heard again, or until
// it has been silent FORGET_MS and is taken for gone (a live process cut off from Redis has then
// failed its readiness probe for that long, so its balancer sends it nothing)
export const HEARTBEAT_MS = 100
export const SILENCE_MS = 400
export const FORGET_MS = 30_000
// a frozen Redis must not hold a publish: past this it has failed
const COMMAND_TIMEOUT_MS = 1_000

interface Peer {
  seq: number
  heardAt: number
}

/**
 * The processes sharing one PostgreSQL database tell each other, through Redis, of every change to
 * sessions, wallets and ads, so that each may keep 015's short caches as the embedded database does
 * (docs/decisions/021-shared-changes.md). It fails closed:
 * - the caches answer only while this process is subscribed and hears its own heartbeat (so its
 *   connections, the publishing one included, really deliver), and while every peer it knows has
 *   been heard within SILENCE_MS (a peer whose publishing is gone may be writing unheard);
 * - news carries a sequence number: a receiver that sees one skipped voids every cache;
 * - every receiver confirms each news item, and a request that made news is answered once every
 *   process has confirmed it, or CONFIRM_WITHIN_MS after it went out (confirmations.ts): once a
 *   client has its answer (a sign-out), no process answers from what it read before
 *   (docs/decisions/027-health-and-draining.md).
 */
export class ChangeFeed {
  readonly origin = randomUUID()
  readonly channel: string
  /** Announcements of other processes received so far (tests wait on it). */
  received = 0
  /** Times the feed has (re)subscribed (tests wait on it). */
  subscriptions = 0
  private subscribed = false
  private heardSelfAt = 0
  private selfSilent = true
  private readonly peers = new Map<string, Peer>()
  private readonly silent = new Set<string>()
  private seq = 0
  private readonly confirmations = new Confirmations()
  private readonly acks: string
  // one warning per outage, not one per retry
  private reported = false
  private readonly listening: Redis
  private readonly telling: Redis
  private readonly stopListening: () => void
  private readonly beat: NodeJS.Timeout
  private lastTick: number
  private silenceReportedAt = 0

  constructor(
    url: string,
    databaseUrl: string,
    private readonly log: FastifyBaseLogger,
    // this process's caches, voided by the news of others; its committed changes, told to them
    private readonly generations: Generations,
    changes: CommittedChanges,
    private readonly now: () => number = Date.now,
  ) {
    this.channel = changesChannel(databaseUrl)
    this.acks = `${this.channel}:acks:${this.origin}`
    const options = { connectTimeout: 1_000, maxRetriesPerRequest: 1 }
    this.listening = new Redis(url, options)
    // an announcement that cannot go out now is dropped rather than queued: a late one is no use
    this.telling = new Redis(url, {
      ...options,
      enableOfflineQueue: false,
      commandTimeout: COMMAND_TIMEOUT_MS,
    })
    this.telling.on('error', (error: Error) => this.report(error.message))
    const drop = (reason: string) => {
      if (this.subscribed) this.generations.voidAll()
      this.subscribed = false
      // live again once subscribed and its own heartbeat has come back through the new connection
      this.selfSilent = true
      this.report(reason)
    }
    // ioredis reports a lost connection with 'error' then 'close'; only 'close' means news may be missed
    this.listening.on('error', (error: Error) => this.report(error.message))
    this.listening.on('close', () => drop('connection closed'))
    this.listening.on('ready', () => {
      this.listening.subscribe(this.channel, this.acks).then(
        () => {
          this.generations.voidAll()
          this.subscribed = true
          this.reported = false
          this.subscriptions++
          this.heartbeat()
        },
        (error: Error) => drop(error.message),
      )
    })
    this.listening.on('message', (channel: string, message: string) => {
      if (channel === this.acks) this.confirmations.confirm(message)
      else this.hear(message)
    })
    this.stopListening = changes.listen((name) => this.tell(name))
    this.lastTick = this.now()
    this.beat = setInterval(() => this.tick(), HEARTBEAT_MS)
    this.beat.unref()
  }

  /**
   * Whether the caches may answer: subscribed, hearing this process's own heartbeat, and no known
   * process silent. Called on every cache read: three field reads.
   */
  readonly live: CacheLive = () => this.subscribed && !this.selfSilent && this.silent.size === 0

  /** How many other processes this one hears (tests wait on it). */
  get knownProcesses(): number {
    return this.peers.size
  }

  /** The readiness probe's question: throws unless this process can both hear and tell. */
  async check(): Promise<void> {
    if (!this.subscribed) throw new Error('change feed: not subscribed to Redis')
    if (this.telling.status !== 'ready') throw new Error('change feed: cannot publish to Redis')
    if (this.selfSilent) throw new Error('change feed: its own heartbeat is not coming back')
  }

  /**
   * Resolves once every news item sent so far is confirmed by every process or CONFIRM_WITHIN_MS
   * has passed; undefined when none is waiting (a request that made no news never waits).
   */
  confirmed(): Promise<void> | undefined {
    return this.confirmations.settled()
  }

  private report(reason: string): void {
    if (!this.reported) this.log.warn({ reason }, 'change feed: no Redis, caches off until it answers')
    this.reported = true
  }

  private publish(channel: string, news: ChangeNews | string): Promise<number> {
    if (this.telling.status !== 'ready') return Promise.reject(new Error('not connected'))
    return this.telling.publish(channel, typeof news === 'string' ? news : JSON.stringify(news))
  }

  private tell(name: string): void {
    const seq = ++this.seq
    this.confirmations.expect(seq, this.peers.keys())
    this.publish(this.channel, { origin: this.origin, seq, name }).then(
      () => this.confirmations.sent(seq),
      // not sent: the writer waits out CONFIRM_WITHIN_MS, and the others, no longer hearing this
      // process, turn their caches off meanwhile
      () => {},
    )
  }

  private heartbeat(): void {
    this.publish(this.channel, { origin: this.origin, seq: this.seq }).catch(() => {})
  }

  private hear(message: string): void {
    const news = parseNews(message)
    if (!news) return
    const now = this.now()
    if (news.origin === this.origin) {
      this.heardSelfAt = now
      this.selfSilent = false
      return
    }
    if (news.seq === undefined) {
      // news from a process that keeps no count (a tool, a test): apply it, watch nobody
      if (news.name !== undefined && this.generations.changedElsewhere(news.name)) this.received++
      return
    }
    const peer = this.peers.get(news.origin)
    // a process heard for the first time may have written before its feed was up; a count that
    // skipped means news that never came: what was kept may be stale either way
    const expected = peer === undefined ? undefined : news.name === undefined ? peer.seq : peer.seq + 1
    if (expected === undefined || news.seq > expected) this.generations.voidAll()
    if (news.bye) {
      this.peers.delete(news.origin)
    } else {
      this.peers.set(news.origin, { seq: Math.max(news.seq, peer?.seq ?? 0), heardAt: now })
    }
    this.silent.delete(news.origin)
    if (news.name !== undefined) {
      if (this.generations.changedElsewhere(news.name)) this.received++
      this.publish(`${this.channel}:acks:${news.origin}`, `${news.seq} ${this.origin}`).catch(() => {})
    }
  }

  private tick(): void {
    const now = this.now()
    const stalled = now - this.lastTick > 2 * HEARTBEAT_MS
    this.lastTick = now
    if (this.subscribed) this.heartbeat()
    // after a stall of this process's own event loop the heartbeats of the others are waiting to
    // be read: judge nobody before they are
    if (stalled) return
    const wasLive = this.live()
    if (this.subscribed && now - this.heardSelfAt > SILENCE_MS) this.selfSilent = true
    for (const [origin, peer] of this.peers) {
      if (now - peer.heardAt > FORGET_MS) {
        this.peers.delete(origin)
        this.silent.delete(origin)
        this.log.warn({ peer: origin }, 'change feed: a process silent for 30 s is taken for gone')
      } else if (now - peer.heardAt > SILENCE_MS) this.silent.add(origin)
    }
    if (wasLive && !this.live()) {
      this.generations.voidAll()
      // one line per half minute at most, however often a slow peer comes and goes
      if (now - this.silenceReportedAt > FORGET_MS) {
        this.silenceReportedAt = now
        this.log.warn(
          { silent: this.selfSilent ? 'this process' : [...this.silent] },
          'change feed: a process is not heard, caches off until it is',
        )
      }
    }
  }

  async close(): Promise<void> {
    this.stopListening()
    clearInterval(this.beat)
    this.subscribed = false
    this.reported = true
    // the others forget this process at once instead of turning their caches off for its silence
    await this.publish(this.channel, { origin: this.origin, seq: this.seq, bye: true }).catch(() => {})
    this.confirmations.endAll()
    this.listening.disconnect()
    this.telling.disconnect()
  }
}
