import { randomUUID } from 'node:crypto'
import type { FastifyBaseLogger } from 'fastify'
import { Redis } from 'ioredis'
import { type CacheLive, changedElsewhere, listenToChanges, voidEveryCache } from './rechecked-cache.ts'

/** The Redis channel on which every API process announces the changes it makes. */
export const CHANGES_CHANNEL = 'maple:changes'

/** One announcement: which process (so it ignores its own) changed which cache's data. */
export interface ChangeNews {
  origin: string
  name: string
}

function parseNews(message: string): ChangeNews | undefined {
  try {
    const news: unknown = JSON.parse(message)
    if (typeof news !== 'object' || news === null) return undefined
    const { origin, name } = news as Record<string, unknown>
    return typeof origin === 'string' && typeof name === 'string' ? { origin, name } : undefined
  } catch {
    return undefined
  }
}

/**
 * The processes sharing one PostgreSQL database tell each other, through Redis, of every change to
 * sessions, wallets and ads, so that each may keep 015's short caches as the embedded database does
 * (docs/decisions/021-shared-changes.md). It fails closed: the caches answer only while this
 * process is subscribed. When the subscription drops, every cache is voided and stays off. When it
 * is back, they are voided again, because news sent in between was missed.
 */
export class ChangeFeed {
  readonly origin = randomUUID()
  /** Announcements of other processes received so far (tests wait on it). */
  received = 0
  /** Times the feed has (re)subscribed (tests wait on it). */
  subscriptions = 0
  private subscribed = false
  // one warning per outage, not one per retry
  private reported = false
  private readonly listening: Redis
  private readonly telling: Redis
  private readonly stopListening: () => void

  constructor(url: string, log: FastifyBaseLogger) {
    const options = { connectTimeout: 1_000, maxRetriesPerRequest: 1 }
    this.listening = new Redis(url, options)
    // an announcement that cannot go out now is dropped rather than queued: a late one is no use
    this.telling = new Redis(url, { ...options, enableOfflineQueue: false })
    this.telling.on('error', () => {})
    const report = (reason: string) => {
      if (!this.reported) log.warn({ reason }, 'change feed: no Redis, caches off until it answers')
      this.reported = true
    }
    const drop = (reason: string) => {
      if (this.subscribed) voidEveryCache()
      this.subscribed = false
      report(reason)
    }
    // ioredis reports a lost connection with 'error' then 'close'; only 'close' means news may be missed
    this.listening.on('error', (error: Error) => report(error.message))
    this.listening.on('close', () => drop('connection closed'))
    this.listening.on('ready', () => {
      this.listening.subscribe(CHANGES_CHANNEL).then(
        () => {
          voidEveryCache()
          this.subscribed = true
          this.reported = false
          this.subscriptions++
        },
        (error: Error) => drop(error.message),
      )
    })
    this.listening.on('message', (_channel: string, message: string) => {
      const news = parseNews(message)
      if (!news || news.origin === this.origin) return
      if (changedElsewhere(news.name)) this.received++
    })
    this.stopListening = listenToChanges((name) => {
      const news: ChangeNews = { origin: this.origin, name }
      this.telling.publish(CHANGES_CHANNEL, JSON.stringify(news)).catch(() => {})
    })
  }

  /** Whether the caches may answer: while subscribed, so that no other process's change is missed. */
  readonly live: CacheLive = () => this.subscribed

  async close(): Promise<void> {
    this.stopListening()
    this.subscribed = false
    this.reported = true
    this.listening.disconnect()
    this.telling.disconnect()
  }
}
