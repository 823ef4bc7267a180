import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm'
import type { BannedPhrase, ModerationCheckResponse } from '#domain/api/moderation.ts'
import {
  PHRASE_DUPLICATE_DETAIL,
  PHRASE_NO_WORDS_DETAIL,
  PHRASE_NOT_FOUND_DETAIL,
} from '#domain/api/moderation.ts'
import type { Db } from '#server/db/client.ts'
import { bannedPhrases, moderationLists } from '#server/db/schema/moderation.ts'
import { ApiError } from '#server/errors.ts'
import { DEFAULT_BANNED_PHRASES } from './default-phrases.ts'
import { createMatcher, type Matcher } from './matcher.ts'
import { phraseKey } from './phrase-tokens.ts'

const LIST_NAME = 'banned_phrases'
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * How long a process trusts its cached matcher before asking the database whether another process
 * changed the list. Changes made through this process invalidate the cache at once.
 */
export const LIST_RECHECK_MS = 2_000

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
}

/**
 * The banned-phrase list and the matcher built from it. The matcher is built once per list change
 * and shared by every check; concurrent checks after a change wait for the same build.
 */
export class BannedPhraseService {
  private cached: CachedMatcher | undefined
  private building: Promise<CachedMatcher> | undefined
  // bumped on every local change, so a build that started before the change is not kept
  private generation = 0

  constructor(
    private readonly db: Db,
    private readonly now: () => number = Date.now,
  ) {}

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
    if (!normalized) throw new ApiError(400, PHRASE_NO_WORDS_DETAIL)
    const row = await this.db.transaction(async (tx) => {
      // ON CONFLICT rather than a prior SELECT: two admins adding "Teen" and "teen" at once get one row
      const [created] = await tx
        .insert(bannedPhrases)
        .values({ phrase, normalized })
        .onConflictDoNothing({ target: bannedPhrases.normalized })
        .returning()
      if (!created) throw new ApiError(409, PHRASE_DUPLICATE_DETAIL)
      await bumpVersion(tx)
      return created
    })
    this.invalidate()
    return toApi(row)
  }

  /** Deletes by id; 404 when there is no such phrase (a malformed id included). */
  async remove(id: string): Promise<void> {
    if (!UUID.test(id)) throw new ApiError(404, PHRASE_NOT_FOUND_DETAIL)
    await this.db.transaction(async (tx) => {
      const deleted = await tx
        .delete(bannedPhrases)
        .where(eq(bannedPhrases.id, id))
        .returning({ id: bannedPhrases.id })
      if (deleted.length === 0) throw new ApiError(404, PHRASE_NOT_FOUND_DETAIL)
      await bumpVersion(tx)
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
      const version = await readVersion(this.db)
      if (this.cached === cached && version === cached.version) {
        cached.checkedAt = this.now()
        return cached.matcher
      }
    }
    return (await this.build()).matcher
  }

  private freshMatcher(): Matcher | undefined {
    const cached = this.cached
    return cached && this.now() - cached.checkedAt < LIST_RECHECK_MS ? cached.matcher : undefined
  }

  invalidate(): void {
    this.generation++
    this.cached = undefined
    this.building = undefined
  }

  private build(): Promise<CachedMatcher> {
    if (this.building) return this.building
    const generation = this.generation
    const building = (async () => {
      // version first: a change landing between the two reads then only causes one extra rebuild
      const version = await readVersion(this.db)
      const rows = await this.db.select({ phrase: bannedPhrases.phrase }).from(bannedPhrases)
      const built = { matcher: createMatcher(rows.map((r) => r.phrase)), version, checkedAt: this.now() }
      if (this.generation === generation) this.cached = built
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
