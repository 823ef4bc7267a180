import type { Agent as HttpsAgent } from 'node:https'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { Clock } from '#server/clock.ts'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { AnswerCache } from '#server/http/answer-cache.ts'
import { OutageLog } from '#server/outages.ts'
import { databaseCheck, ReadinessProbe } from '#server/readiness.ts'
import { AfterAnswer } from '#server/services/accounts/after-answer.ts'
import { StartupWork } from '#server/startup-work.ts'
import { trustProxyWarning } from '#server/trust-proxy.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    /** The time scheduled work goes by (docs/decisions/045-jobs.md). */
    clock: Clock
    /** The agent Web Push requests go through (AppDeps.pushAgent). */
    pushAgent: HttpsAgent | undefined
    /** Work that runs once the app is ready without holding listen (seeds, indexes); /readyz waits for it. */
    startup: StartupWork
    /** GET /readyz's checks; `drain()` on SIGTERM. Plugins add the checks of what they own. */
    readiness: ReadinessProbe
    /** One log line per outage of a dependency. */
    outages: OutageLog
    /** Work requests started and did not wait for (account mails); closing waits for it. */
    afterAnswer: AfterAnswer
  }
}

export interface CoreOptions {
  config: Config
  database: Database
  clock: Clock
  pushAgent: HttpsAgent | undefined
  /** Made before Fastify, whose server asks it first (http/answer-cache.ts). */
  answerCache: AnswerCache
}

/**
 * What every other plugin reads: the configuration, the database, the clock, and the process's life
 * (start-up work after listen, readiness with the database's check, outages, work left after an
 * answer). The values are made by buildApp's caller; this plugin gives them to the app and ties their
 * ends to its close (docs/decisions/038-server-wiring.md).
 */
async function core(app: FastifyInstance, options: CoreOptions): Promise<void> {
  const { config, database, clock, pushAgent, answerCache } = options
  answerCache.logTo(app.log)
  // once per process: a hop count or no trust starts, but the operator should know what it costs
  const trustWarning = config.NODE_ENV === 'production' ? trustProxyWarning(config.TRUST_PROXY) : undefined
  if (trustWarning) app.log.warn(trustWarning)
  const outages = new OutageLog(app.log)
  const startup = new StartupWork()
  const readiness = new ReadinessProbe(startup, outages)
  readiness.add(databaseCheck(database))
  const afterAnswer = new AfterAnswer(app.log)
  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('clock', clock)
  app.decorate('pushAgent', pushAgent)
  app.decorate('answerCache', answerCache)
  app.decorate('outages', outages)
  app.decorate('startup', startup)
  app.decorate('readiness', readiness)
  app.decorate('afterAnswer', afterAnswer)
  // before the database closes (main.ts closes it after the app)
  app.addHook('onClose', () => afterAnswer.settled())
  app.addHook('onReady', (done) => {
    // on the next turn of the event loop: listen() binds its port first (PGlite runs its statements
    // on this thread, so seeding would otherwise hold the bind until it is done)
    setImmediate(() => startup.start(app.log))
    done()
  })
  app.addHook('onClose', () => startup.stop())
  // while closing every request goes through Fastify, which answers it with `Connection: close`
  app.addHook('preClose', (done) => {
    answerCache.close()
    done()
  })
}

export default fp(core, { name: 'core' })
