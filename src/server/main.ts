import { buildApp } from './app.ts'
import { loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'

const config = loadConfig()
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
const app = await buildApp({ config, database })

// close the database after in-flight requests finish, so PGlite's files are never left half-written
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    app.log.info({ signal }, 'shutting down')
    void app
      .close()
      .then(() => database.close())
      .then(() => process.exit(0))
  })
}

await app.listen({ port: config.PORT, host: config.HOST })
