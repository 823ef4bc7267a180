import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { loadReporterKeys, type ReporterKeys } from '#server/services/reports/reporter-keys.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Keyed hashes of a reporter's address and e-mail (docs/decisions/042-holds-that-hold.md). */
    reporterKeys: ReporterKeys
  }
}

/** The key from REPORT_HASH_SECRET, else kept in DATA_DIR (docs/decisions/042-holds-that-hold.md). */
async function reporterKeys(app: FastifyInstance): Promise<void> {
  app.decorate('reporterKeys', await loadReporterKeys(app.config.REPORT_HASH_SECRET, app.config.DATA_DIR))
}

export default fp(reporterKeys, { name: 'reporter-keys' })
