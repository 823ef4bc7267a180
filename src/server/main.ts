import { buildApp } from './app.ts'
import { type Config, ConfigError, databaseLimits, loadConfig } from './config.ts'
import { type Database, openDatabase } from './db/client.ts'
import { outageReason } from './outages.ts'

// after the grace period, the requests still in flight get this long to finish before the process exits anyway
const CLOSE_TIMEOUT_MS = 10_000

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

// a signal before the database answers: nothing to drain yet
let signalled: NodeJS.Signals | undefined
const wake = new Set<() => void>()
function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      wake.delete(done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    wake.add(done)
  })
}

/**
 * Opens the database, migrating it (one process at a time, db/client.ts); while PostgreSQL is not
 * there yet (a host booting with its database), tries again with back-off instead of dying, one line
 * per try.
 */
async function openWhenThere(config: Config): Promise<Database> {
  for (let delay = 1_000; ; delay = Math.min(delay * 2, 30_000)) {
    try {
      return await openDatabase({
        databaseUrl: config.DATABASE_URL,
        dataDir: config.DATA_DIR,
        limits: databaseLimits(config),
      })
    } catch (error) {
      if (!config.DATABASE_URL) throw error
      console.error(`database: not ready (${outageReason(error)}), trying again in ${delay / 1000} s`)
      await sleep(delay)
      if (signalled) process.exit(0)
    }
  }
}

const config = configOrExit()
const early = (signal: NodeJS.Signals) => {
  signalled = signal
  for (const done of [...wake]) done()
}
process.once('SIGINT', early)
process.once('SIGTERM', early)
const database = await openWhenThere(config)
const app = await buildApp({ config, database })
process.off('SIGINT', early)
process.off('SIGTERM', early)

/**
 * SIGTERM (or SIGINT): /readyz turns 503 at once, so the balancer stops sending requests here;
 * meanwhile every request, kept-alive connections' included, is still served (each answer saying
 * `Connection: close`) for SHUTDOWN_GRACE_MS. Then the server stops listening, the requests in
 * flight finish, the database closes (PGlite's files are never left half-written) and the process
 * exits. A second signal skips what is left of the grace period
 * (docs/decisions/027-health-and-draining.md).
 */
async function drainAndExit(signal: NodeJS.Signals): Promise<void> {
  app.readiness.drain()
  app.answerCache.drain()
  app.log.info(
    { signal, graceMs: config.SHUTDOWN_GRACE_MS },
    'draining: /readyz answers 503, requests are still served until the grace period ends',
  )
  if (config.SHUTDOWN_GRACE_MS > 0) await sleep(config.SHUTDOWN_GRACE_MS)
  app.log.info('shutting down: no new connections, finishing the requests in flight')
  // a hung request must not keep the process alive for ever
  setTimeout(() => process.exit(1), CLOSE_TIMEOUT_MS).unref()
  try {
    await app.close()
    await database.close()
    process.exit(0)
  } catch (error) {
    app.log.error({ err: error }, 'shutdown failed')
    process.exit(1)
  }
}

let draining = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (draining) {
      for (const done of [...wake]) done()
      return
    }
    draining = true
    void drainAndExit(signal)
  })
}
if (signalled) process.kill(process.pid, signalled)

const address = await app.listen({ port: config.PORT, host: config.HOST })
app.log.info(`Maple After Dark listening on ${address} (public URL ${config.PUBLIC_URL}, ${database.kind})`)
