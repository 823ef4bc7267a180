import { createHash, randomBytes } from 'node:crypto'
import type { Redis } from 'ioredis'

// One view per visitor per day across every API process (docs/decisions/053-ad-stats.md): each process
// dedupes in its own memory first, then, at its flush, asks Redis which of its new visitors no process
// has counted today. One round trip per flush (every few seconds), never one per beacon.

/** A key lives two days: past its UTC day nobody asks for it again, and Redis drops it by itself. */
const KEEP_SECONDS = 2 * 86_400

export interface SharedViewers {
  /**
   * For each `ad id + visitor` of `day`, whether it is the day's first sighting by any process, in
   * order. Throws when the shared store cannot answer.
   */
  firstSightings(day: string, sightings: string[]): Promise<boolean[]>
}

/**
 * Redis keeps, per UTC day, a random salt (made by the day's first process, kept by all) and the set
 * of `sha256(salt, ad id, visitor)` sighted. As in each process's memory, no address or device id is
 * stored, only hashes that mean nothing once the day's keys expire.
 */
export class RedisViewers implements SharedViewers {
  readonly #redis: Redis
  readonly #prefix: string
  #salt: { day: string; value: string } | undefined

  constructor(redis: Redis, prefix = 'maple-views:') {
    this.#redis = redis
    this.#prefix = prefix
  }

  async firstSightings(day: string, sightings: string[]): Promise<boolean[]> {
    if (sightings.length === 0) return []
    const salt = await this.#daySalt(day)
    const seen = `${this.#prefix}seen:${day}`
    const batch = this.#redis.multi()
    for (const sighting of sightings)
      batch.sadd(seen, createHash('sha256').update(salt).update(sighting).digest('base64url').slice(0, 16))
    batch.expire(seen, KEEP_SECONDS)
    const answers = (await batch.exec()) ?? []
    return sightings.map((_, i) => {
      const [error, added] = answers[i] ?? [new Error('no answer')]
      if (error) throw error
      return added === 1
    })
  }

  async #daySalt(day: string): Promise<string> {
    if (this.#salt?.day === day) return this.#salt.value
    const key = `${this.#prefix}salt:${day}`
    // the first process of the day writes it; the others read what it wrote
    await this.#redis.set(key, randomBytes(32).toString('base64url'), 'EX', KEEP_SECONDS, 'NX')
    const value = await this.#redis.get(key)
    if (!value) throw new Error(`ad views: no salt in Redis for ${day}`)
    this.#salt = { day, value }
    return value
  }
}
