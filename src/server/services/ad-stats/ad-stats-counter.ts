import { createHash, randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import type { SharedViewers } from './shared-viewers.ts'

// Views and reveals are counted in memory and written in one statement every few seconds, so the
// request that counts never waits for the database (docs/decisions/053-ad-stats.md). A process that
// dies loses what it counted since its last flush: a few seconds of views, never a page.

/** The UTC day of a moment, as the table stores it. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10)
}

/**
 * How many distinct visitors one process remembers per day. Past it, views are no longer counted that
 * day: a flood of made-up user agents can neither grow the memory nor inflate the figures. A visitor
 * costs about 100 bytes, so the cap is about 20 MB.
 */
const MAX_VISITORS_PER_DAY = 200_000

interface Counts {
  views: number
  reveals: number
}

/** A view new to this process, waiting for the flush to ask the other processes (shared-viewers.ts). */
interface Sighting {
  day: string
  adId: string
  visitor: string
}

export class AdStatsCounter {
  // the day's salt is random and never leaves this process: the hashes kept below cannot be turned back
  // into an address, even with the code and the database, and they are dropped when the day ends
  #day = ''
  #salt = Buffer.alloc(0)
  #seen = new Set<string>()
  #pending = new Map<string, Counts>()
  #flushing: Promise<void> = Promise.resolve()
  #shared: { viewers: SharedViewers; unreachable: (error: unknown) => void } | undefined
  #sightings: Sighting[] = []

  /**
   * Counts a visitor once a day across processes: the views new to this process are checked with
   * `viewers` at each flush. When they cannot answer, the views count as this process saw them (a
   * visitor may count once per process that day) and `unreachable` hears why.
   */
  shareWith(viewers: SharedViewers, unreachable: (error: unknown) => void): void {
    this.#shared = { viewers, unreachable }
  }

  /**
   * One view of `adId` by the visitor `visitor` (their address and user agent), counted once per day.
   * Answers whether it was counted.
   */
  countView(adId: string, visitor: string, now: Date): boolean {
    const day = this.#today(now)
    if (this.#seen.size >= MAX_VISITORS_PER_DAY) return false
    // 12 bytes of SHA-256: collisions among 200,000 visitors are out of reach (2^-48 or so)
    const key = createHash('sha256')
      .update(this.#salt)
      .update(adId)
      .update('\0')
      .update(visitor)
      .digest('base64url')
      .slice(0, 16)
    if (this.#seen.has(key)) return false
    this.#seen.add(key)
    // the visitor in clear for a few seconds, in this process's memory only: the other processes hash
    // it with the day's shared salt, not this one
    if (this.#shared) this.#sightings.push({ day, adId, visitor: `${adId}\0${visitor}` })
    else this.#add(adId, day, { views: 1, reveals: 0 })
    return true
  }

  /** A contact revealed: every reveal counts. */
  countReveal(adId: string, now: Date): void {
    this.#add(adId, utcDay(now), { views: 0, reveals: 1 })
  }

  /** Counts waiting for the next flush (the metrics and tests read it). */
  get pending(): number {
    return this.#pending.size + this.#sightings.length
  }

  /**
   * Writes what was counted since the last flush in one upsert, one at a time. A failure puts the counts
   * back for the next flush; an ad deleted meanwhile is skipped by the join.
   */
  flush(db: Db): Promise<void> {
    const run = this.#flushing.then(() => this.#write(db))
    this.#flushing = run.catch(() => {})
    return run
  }

  async #write(db: Db): Promise<void> {
    await this.#confirmSightings()
    if (this.#pending.size === 0) return
    const batch = this.#pending
    this.#pending = new Map()
    const rows = [...batch].map(([key, counts]) => {
      const [day, adId] = key.split('|') as [string, string]
      return sql`(${adId}::text, ${day}::date, ${counts.views}::int, ${counts.reveals}::int)`
    })
    try {
      await db.execute(sql`
        insert into ad_stats_daily (ad_id, day, views, reveals)
        select v.ad_id, v.day, v.views, v.reveals
        from (values ${sql.join(rows, sql`, `)}) as v(ad_id, day, views, reveals)
        join ads on ads.id = v.ad_id
        on conflict (ad_id, day) do update set
          views = ad_stats_daily.views + excluded.views,
          reveals = ad_stats_daily.reveals + excluded.reveals`)
    } catch (error) {
      for (const [key, counts] of batch) this.#merge(key, counts)
      throw error
    }
  }

  /** Counts the views no other process counted today (all of them when they cannot say). */
  async #confirmSightings(): Promise<void> {
    if (!this.#shared || this.#sightings.length === 0) return
    const sightings = this.#sightings
    this.#sightings = []
    // a flush across midnight holds two days, each with its own salt
    const byDay = new Map<string, Sighting[]>()
    for (const sighting of sightings) {
      const ofDay = byDay.get(sighting.day)
      if (ofDay) ofDay.push(sighting)
      else byDay.set(sighting.day, [sighting])
    }
    for (const [day, ofDay] of byDay) {
      let first: boolean[]
      try {
        first = await this.#shared.viewers.firstSightings(
          day,
          ofDay.map((sighting) => sighting.visitor),
        )
      } catch (error) {
        this.#shared.unreachable(error)
        first = ofDay.map(() => true)
      }
      ofDay.forEach(({ adId }, i) => {
        if (first[i]) this.#add(adId, day, { views: 1, reveals: 0 })
      })
    }
  }

  #today(now: Date): string {
    const day = utcDay(now)
    if (day !== this.#day) {
      this.#day = day
      this.#salt = randomBytes(32)
      this.#seen = new Set()
    }
    return day
  }

  #add(adId: string, day: string, counts: Counts): void {
    this.#merge(`${day}|${adId}`, counts)
  }

  #merge(key: string, counts: Counts): void {
    const before = this.#pending.get(key)
    if (before) {
      before.views += counts.views
      before.reveals += counts.reveals
    } else this.#pending.set(key, { ...counts })
  }
}
