import type { Agent as HttpsAgent } from 'node:https'
// Usage (one app and one database per test file; tests in a file share it):
//
//   import { setupTestApp } from '#tests/support/api-app.ts'
//   const api = setupTestApp({ /* Partial<Config> */ }, { setup: (app) => {} })   // registers the hooks
//   const res = await api.t.app.inject({ method: 'GET', url: '/api/' })   // api.t.db is the drizzle Db
//
// or by hand: `t = await createTestApp(...)` in beforeAll, `t.close()` in afterAll, and `t.reset()`
// in beforeEach (it truncates every table except REFERENCE_TABLES: cities, ...).
//
// Backend: PGlite in memory by default; TEST_DB=postgres (needs DATABASE_URL) gives the file its own
// freshly created PostgreSQL database, migrated, and dropped in close(). `npm run test:api` runs both.

import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, inject } from 'vitest'
import { buildApp } from '#server/app.ts'
import type { Clock } from '#server/clock.ts'
import { type Config, databaseLimits, loadConfig } from '#server/config.ts'
import { changed } from '#server/db/after-commit.ts'
import { CHANGES } from '#server/db/changes.ts'
import { type Database, type Db, openDatabase } from '#server/db/client.ts'
import type { LogStream } from '#server/logging.ts'
import { redisReachable } from './redis.ts'

/**
 * Tables holding reference data seeded at start-up: reset() keeps them so every test sees the same
 * seeded rows. Owners of other seeded tables add theirs here.
 */
export const REFERENCE_TABLES: ReadonlySet<string> = new Set(['cities', 'banned_phrases', 'moderation_lists'])

export type TestDbKind = 'pglite' | 'postgres'

export interface TestApp {
  app: FastifyInstance
  db: Db
  database: Database
  config: Config
  kind: TestDbKind
  /** Empties every non-reference table, so each test starts clean. */
  reset: () => Promise<void>
  close: () => Promise<void>
}

export function testDbKind(): TestDbKind {
  const wanted = (process.env.TEST_DB ?? 'pglite').toLowerCase()
  if (wanted !== 'pglite' && wanted !== 'postgres') {
    throw new Error(`TEST_DB must be pglite or postgres, got ${wanted}`)
  }
  return wanted
}

export interface ScratchDatabase {
  url: string
  drop: () => Promise<void>
}

export async function createScratchPostgres(baseUrl: string): Promise<ScratchDatabase> {
  const name = `api_test_${process.pid}_${randomBytes(4).toString('hex')}`
  const admin = new pg.Client({ connectionString: baseUrl })
  await admin.connect()
  try {
    await admin.query(`CREATE DATABASE "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(baseUrl)
  url.pathname = `/${name}`
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: baseUrl })
      await client.connect()
      try {
        await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)
      } finally {
        await client.end()
      }
    },
  }
}

export interface TestAppOptions {
  /** Runs after buildApp and before ready: add test-only routes or hooks here. */
  setup?: (app: FastifyInstance) => void | Promise<void>
  /** Receives every log line (set LOG_LEVEL in the overrides too: tests default to silent). */
  logStream?: LogStream
  /** The app's clock (tests/support/test-clock.ts); default the system's. */
  clock?: Clock
  /** Web Push goes through this agent (a test's loopback push service and its certificate). */
  pushAgent?: HttpsAgent
  /** On PostgreSQL, the URL the app connects with instead of the scratch database's (a test's proxy). */
  connectThrough?: (url: string) => string
}

let migrated: Promise<Blob | undefined> | undefined

/** The migrated PGlite archive the API project's global setup made, if it made one. */
function migratedArchive(): Promise<Blob | undefined> {
  migrated ??= (async () => {
    const path = inject('pgliteTemplate')
    return path ? new Blob([await readFile(path)]) : undefined
  })()
  return migrated
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: TestAppOptions = {},
): Promise<TestApp> {
  const kind = testDbKind()
  let scratch: ScratchDatabase | undefined
  if (kind === 'postgres') {
    const baseUrl = process.env.DATABASE_URL
    if (!baseUrl)
      throw new Error('TEST_DB=postgres needs DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/test)')
    scratch = await createScratchPostgres(baseUrl)
  }

  // built from a fixed env, not process.env, so a developer's shell never leaks into tests
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATA_DIR: 'memory://',
      DATABASE_URL: scratch?.url,
      // no build in tests unless a test points STATIC_DIR at one
      STATIC_DIR: join(tmpdir(), 'maple-no-static-build'),
    }),
    ...overrides,
  }

  let database: Database
  try {
    database = await openDatabase({
      databaseUrl: scratch && options.connectThrough ? options.connectThrough(scratch.url) : scratch?.url,
      dataDir: 'memory://',
      limits: databaseLimits(config),
      startFrom: scratch ? undefined : await migratedArchive(),
    })
  } catch (error) {
    await scratch?.drop()
    throw error
  }

  let app: FastifyInstance
  try {
    app = await buildApp({
      config,
      database,
      ...(options.logStream ? { logStream: options.logStream } : {}),
      ...(options.clock ? { clock: options.clock } : {}),
      ...(options.pushAgent ? { pushAgent: options.pushAgent } : {}),
    })
    await options.setup?.(app)
    await app.ready()
    // the work a real start does after listen (seeds, the city index): every test sees it done
    await app.startup.settled()
  } catch (error) {
    await database.close()
    await scratch?.drop()
    throw error
  }

  const { db } = database
  let closed = false

  return {
    app,
    db,
    database,
    config,
    kind,
    reset: async () => {
      // work a test's requests left for after their answers (a sign-up's account) lands before the
      // tables are emptied, never in the next test (services/accounts/after-answer.ts)
      await app.afterAnswer.settled()
      // both drivers answer with { rows }; the shared Db type leaves the result unknown
      const result = (await db.execute(
        sql`SELECT tablename FROM pg_tables WHERE schemaname = current_schema()`,
      )) as unknown as { rows: { tablename: string }[] }
      const tables = result.rows.map((r) => r.tablename).filter((name) => !REFERENCE_TABLES.has(name))
      if (tables.length === 0) return
      const list = tables.map((name) => `"${name}"`).join(', ')
      // the app's own background work (a job a test's publication queued, the stats flush) may hold a
      // row lock the TRUNCATE waits for while waiting for a table it holds: PostgreSQL then ends one
      // of the two (deadlock, 40P01). The job retries by itself; so does the reset, a few times
      for (let attempt = 1; ; attempt++) {
        try {
          await db.execute(sql.raw(`TRUNCATE TABLE ${list} RESTART IDENTITY CASCADE`))
          break
        } catch (error) {
          const code = (error as { cause?: { code?: string } }).cause?.code
          if (code !== '40P01' || attempt >= 5) throw error
        }
      }
      // emptied behind the services' back: no cached copy may answer for what is gone
      changed(db, ...CHANGES)
    },
    close: async () => {
      if (closed) return
      closed = true
      try {
        await app.close()
      } finally {
        await database.close()
        await scratch?.drop()
      }
    },
  }
}

/** The file's app once beforeAll has built it. */
export interface TestAppRef {
  readonly t: TestApp
}

/**
 * Registers a test file's hooks: the app is built before all its tests (with `overrides`, or what the
 * function answers then, for values another beforeAll makes first), emptied before each test, and
 * closed after all of them.
 */
export function setupTestApp(
  overrides: Partial<Config> | (() => Partial<Config>) = {},
  options: TestAppOptions = {},
): TestAppRef {
  let app: TestApp | undefined
  const current = (): TestApp => {
    if (!app) throw new Error('the app is built in beforeAll: use it inside a test or a hook')
    return app
  }
  beforeAll(async () => {
    app = await createTestApp(typeof overrides === 'function' ? overrides() : overrides, options)
  })
  afterAll(() => app?.close())
  beforeEach(() => current().reset())
  return {
    get t() {
      return current()
    },
  }
}

/**
 * On PostgreSQL the short caches (the page cache among them) run only while Redis carries the other
 * processes' changes (docs/decisions/021-shared-changes.md): whether a test of them can run here, and
 * the config that turns them on (none on PGlite, where one process is all there is).
 */
export async function cachesSetup(): Promise<{ cachesOn: boolean; cachesConfig: { REDIS_URL?: string } }> {
  if (testDbKind() !== 'postgres') return { cachesOn: true, cachesConfig: {} }
  const url = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379'
  return { cachesOn: await redisReachable(url), cachesConfig: { REDIS_URL: url } }
}
