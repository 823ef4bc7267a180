import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { BannedPhrase, ModerationCheckResponse } from '#domain/api/moderation.ts'
import { changed } from '#server/db/after-commit.ts'
import type { Db } from '#server/db/client.ts'
import { bannedPhrases, moderationLists } from '#server/db/schema/moderation.ts'
import { ApiError } from '#server/errors.ts'
import { type CacheLive, Generation } from '#server/services/cache/rechecked-cache.ts'
import { DEFAULT_BANNED_PHRASES } from './default-phrases.ts'
import { createMatcher, type Matcher } from './matcher.ts'
import { phraseKey } from './phrase-tokens.ts'

const LIST_NAME = 'banned_phrases'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * How long a process trusts its cached matcher before asking the database whether the list changed,
 * while it may not hear the others' changes (PostgreSQL without the change feed): a phrase added on
 * one process is enforced on every other within this bound. While the feed runs, another process's
 * change arrives as news (`changed(tx, 'bannedPhrases')`) and voids the matcher at once, and the
 * list is re-read only as a safety net (docs/decisions/041-fault-drill.md).
 */
export const LIST_RECHECK_MS = 1_000
export const LIST_RECHECK_LIVE_MS = 60_000

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

function toApi(row: typeof bannedPhrases.$inferSelect): BannedPhrase {
  return { id: row.id, phrase: row.phrase, created_at: row.createdAt.toISOString() }
}

// upsert: a truncated moderation_lists (tests, a purge) must not make the bump a silent no-op
async function bumpVersion(tx: Tx): Promise<void> {
  await tx
    .insert(moderationLists)
    .values({ name: LIST_NAME, version: 1 })
    .onConflictDoUpdate({
      target: moderationLists.name,
      set: { version: sql`${moderationLists.version} + 1` },
    })
}

async function readVersion(db: Db): Promise<number> {
  const rows = await db
    .select({ version: moderationLists.version })
    .from(moderationLists)
    .where(eq(moderationLists.name, LIST_NAME))
  return rows[0]?.version ?? 0
}

/**
 * Adds the default phrases the first time the database is started, and never again: the marker
 * row survives an admin deleting every phrase. Safe when several processes start at once, since
 * only one of them wins the marker.
 */
export async function seedDefaultPhrases(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(moderationLists)
      .values({ name: LIST_NAME, version: 1, seededAt: new Date() })
      .onConflictDoNothing()
      .returning({ name: moderationLists.name })
    if (claimed.length === 0) {
      // the row may exist from a version bump without ever having been seeded
      const marked = await tx
        .update(moderationLists)
        .set({ seededAt: new Date(), version: sql`${moderationLists.version} + 1` })
        .where(and(eq(moderationLists.name, LIST_NAME), isNull(moderationLists.seededAt)))
        .returning({ name: moderationLists.name })
      if (marked.length === 0) return 0
    }
    const inserted = await tx
      .insert(bannedPhrases)
      .values(DEFAULT_BANNED_PHRASES.map((phrase) => ({ phrase, normalized: phraseKey(phrase) })))
      .onConflictDoNothing({ target: bannedPhrases.normalized })
      .returning({ id: bannedPhrases.id })
    changed(tx, 'bannedPhrases')
    return inserted.length
  })
}

/** Title and description are read apart, so a phrase cannot be made of the end of one and the start of the other. */
function checkWith(matcher: Matcher, title: string, description: string): ModerationCheckResponse {
  const fields = {
    title: [...new Set(matcher.match(title))],
    description: [...new Set(matcher.match(description))],
  }
  const matches = [...new Set([...fields.title, ...fields.description])]
  return { ok: matches.length === 0, matches, fields }
}

interface CachedMatcher {
  matcher: Matcher
  version: number
  checkedAt: number
  // the list's generation read before its version: news of a change since then voids the matcher
  generation: number
}

export interface BannedPhraseOptions {
  /** Bumped when a change to the list commits, here or (through the change feed) in another process. */
  changes?: Generation | undefined
  /** Whether this process hears every change now (PGlite, or the feed up); else it rechecks each second. */
  live?: CacheLive | undefined
  now?: () => number
}

/**
 * The banned-phrase list and the matcher built from it. The matcher is built once per list change
 * and shared by every check; concurrent checks after a change wait for the same build.
 */
export class BannedPhraseService {
  private cached: CachedMatcher | undefined
  private building: Promise<CachedMatcher> | undefined
  // bumped on every local change, so a build that started before the change is not kept
  private builds = 0
  private readonly changes: Generation
  private readonly live: CacheLive
  private readonly now: () => number

  constructor(
    private readonly db: Db,
    options: BannedPhraseOptions = {},
  ) {
    this.changes = options.changes ?? new Generation()
    this.live = options.live ?? (() => false)
    this.now = options.now ?? Date.now
  }

  async list(): Promise<BannedPhrase[]> {
    const rows = await this.db
      .select()
      .from(bannedPhrases)
      .orderBy(desc(bannedPhrases.createdAt), asc(bannedPhrases.phrase))
    return rows.map(toApi)
  }

  /** Adds a trimmed, non-blank phrase; 400 when it has no letter or digit, 409 when already listed. */
  async add(phrase: string): Promise<BannedPhrase> {
    const normalized = phraseKey(phrase)
    if (!normalized) throw new ApiError(400, 'phrase.no_words')
    const row = await this.db.transaction(async (tx) => {
      // ON CONFLICT rather than a prior SELECT: two admins adding "Teen" and "teen" at once get one row
      const [created] = await tx
        .insert(bannedPhrases)
        .values({ phrase, normalized })
        .onConflictDoNothing({ target: bannedPhrases.normalized })
        .returning()
      if (!created) throw new ApiError(409, 'phrase.duplicate')
      await bumpVersion(tx)
      changed(tx, 'bannedPhrases')
      return created
    })
    this.invalidate()
    return toApi(row)
  }

  /** Deletes by id; 404 when there is no such phrase (a malformed id included). */
  async remove(id: string): Promise<void> {
    if (!UUID.test(id)) throw new ApiError(404, 'phrase.not_found')
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(bannedPhrases)
        .where(eq(bannedPhrases.id, id))
        .returning({ id: bannedPhrases.id })
      if (deleted.length === 0) throw new ApiError(404, 'phrase.not_found')
      await bumpVersion(tx)
      changed(tx, 'bannedPhrases')
    })
    this.invalidate()
  }

  async check(title: string, description: string): Promise<ModerationCheckResponse> {
    return checkWith(await this.matcher(), title, description)
  }

  /**
   * The check without a promise while the list read last is recent enough to answer (nearly every
   * check: the route answers at once then, docs/decisions/023-rate-limits.md); undefined when the
   * list must be read again first.
   */
  checkNow(title: string, description: string): ModerationCheckResponse | undefined {
    const matcher = this.freshMatcher()
    return matcher && checkWith(matcher, title, description)
  }

  async matcher(): Promise<Matcher> {
    const fresh = this.freshMatcher()
    if (fresh) return fresh
    const cached = this.cached
    if (cached) {
      const generation = this.changes.current()
      const version = await readVersion(this.db)
      if (this.cached === cached && version === cached.version) {
        cached.checkedAt = this.now()
        cached.generation = generation
        return cached.matcher
      }
    }
    return (await this.build()).matcher
  }

  private freshMatcher(): Matcher | undefined {
    const cached = this.cached
    if (cached === undefined || cached.generation !== this.changes.current()) return undefined
    const recheckMs = this.live() ? LIST_RECHECK_LIVE_MS : LIST_RECHECK_MS
    return this.now() - cached.checkedAt < recheckMs ? cached.matcher : undefined
  }

  invalidate(): void {
    this.builds++
    this.cached = undefined
    this.building = undefined
  }

  private build(): Promise<CachedMatcher> {
    if (this.building) return this.building
    const builds = this.builds
    const building = (async () => {
      // generation, then version: a change landing meanwhile only causes one extra rebuild
      const generation = this.changes.current()
      const version = await readVersion(this.db)
      const rows = await this.db.select({ phrase: bannedPhrases.phrase }).from(bannedPhrases)
      const built = {
        matcher: createMatcher(rows.map((r) => r.phrase)),
        version,
        checkedAt: this.now(),
        generation,
      }
      if (this.builds === builds) this.cached = built
      return built
    })()
    this.building = building
    // a failed build (database down) must not be cached: the next check tries again
    const settle = () => {
      if (this.building === building) this.building = undefined
    }
    building.then(settle, settle)
    return building
  }
}
