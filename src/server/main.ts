import { buildApp } from './app.ts'
import { type Config, ConfigError, loadConfig } from './config.ts'
import { openDatabase } from './db/client.ts'

function configOrExit(): Config {
  try {
    return loadConfig()
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error
    // one line per problem, without a stack trace: the operator needs what to set, not where we are
    for (const problem of error.problems) console.error(`Refusing to start: ${problem}`)
    process.exit(1)
  }
}

const config = configOrExit()
const database = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR })
const app = await buildApp({ config, database })

// close the database after in-flight requests finish, so PGlite's files are never left half-written
let closing = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return
    closing = true
    app.log.info({ signal }, 'shutting down')
    // a hung request must not keep the process alive for ever
    setTimeout(() => process.exit(1), 10_000).unref()
    void app
      .close()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          app.log.error({ err: error }, 'shutdown failed')
          process.exit(1)
        },
      )
  })
}

const address = await app.listen({ port: config.PORT, host: config.HOST })
app.log.info(`Maple After Dark listening on ${address} (public URL ${config.PUBLIC_URL}, ${database.kind})`)
