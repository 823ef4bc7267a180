// `npm run migrate`: applies the migrations not yet applied, then exits; a deployment runs it once
// before starting (or restarting) the API processes. Every process also migrates at start, under the
// same PostgreSQL advisory lock (db/client.ts), so this step is a convenience that moves the wait out
// of the start, never a requirement (docs/decisions/026-migrations-and-start-up.md).
import { ConfigError, loadConfig } from './config.ts'
import { migratePostgres, openDatabase } from './db/client.ts'

try {
  const config = loadConfig()
  const started = Date.now()
  if (config.DATABASE_URL) {
    await migratePostgres(config.DATABASE_URL)
  } else {
    // PGlite migrates as it opens; it belongs to one process, so run this with the server stopped
    const database = await openDatabase({ dataDir: config.DATA_DIR })
    await database.close()
  }
  console.log(`migrate: the database is up to date (${Date.now() - started} ms)`)
} catch (error) {
  if (error instanceof ConfigError) {
    for (const problem of error.problems) console.error(`Refusing to migrate: ${problem}`)
  } else {
    console.error(`migrate: failed (${error instanceof Error ? error.message : String(error)})`)
  }
  process.exit(1)
}
