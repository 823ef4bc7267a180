import pg from 'pg'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from '#server/db/client.ts'
import { createScratchPostgres, type ScratchDatabase, testDbKind } from '#tests/support/api-app.ts'
import { type ServerProcess, startServer } from '#tests/support/server-process.ts'

// two processes compiled by tsx and migrating on two busy cores take minutes, not seconds

// Several processes starting on one empty PostgreSQL database: each migrates it at start, one at a
// time under an advisory lock (db/client.ts), where the loser used to die on a duplicate
// CREATE TABLE "cities" (docs/decisions/026-migrations-and-start-up.md).

const onPostgres = testDbKind() === 'postgres'
const baseUrl = process.env.DATABASE_URL ?? ''

async function tableCount(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    const result = await client.query(
      "SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = 'public' AND tablename = 'cities'",
    )
    return (result.rows[0] as { n: number }).n
  } finally {
    await client.end()
  }
}

describe.runIf(onPostgres)('migrating one empty database from several processes at once', () => {
  const scratches: ScratchDatabase[] = []
  const servers: ServerProcess[] = []
  afterEach(async () => {
    await Promise.all(servers.splice(0).map((server) => server.stop()))
    await Promise.all(scratches.splice(0).map((scratch) => scratch.drop()))
  })

  it('lets each connection migrate in turn: both open the database, its tables made once', async () => {
    const scratch = await createScratchPostgres(baseUrl)
    scratches.push(scratch)
    const opened = await Promise.all([
      openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' }),
      openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' }),
      openDatabase({ databaseUrl: scratch.url, dataDir: 'memory://' }),
    ])
    await Promise.all(opened.map((database) => database.close()))
    expect(await tableCount(scratch.url)).toBe(1)
  })

  it('starts two server processes on one empty database at the same time, both ready', async () => {
    const scratch = await createScratchPostgres(baseUrl)
    scratches.push(scratch)
    const starting = [startServer({ DATABASE_URL: scratch.url }), startServer({ DATABASE_URL: scratch.url })]
    const results = await Promise.allSettled(starting)
    for (const result of results) if (result.status === 'fulfilled') servers.push(result.value)
    for (const result of results) if (result.status === 'rejected') throw result.reason
    for (const server of servers) {
      const ready = await fetch(`${server.base}/readyz`)
      expect(ready.status).toBe(200)
    }
  }, 400_000)
})
