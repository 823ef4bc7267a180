import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { loadAdultGate } from '#server/services/pages/adult-gate.ts'

/**
 * The server's 18+ gate from the build (`app.adultGate`, null without one), put into pages by
 * routes/pages.ts and plugins/static.ts; its inline script's hash goes into the pages' CSP
 * (plugins/security.ts, docs/decisions/029-first-visit.md).
 */
async function adultGate(app: FastifyInstance): Promise<void> {
  app.decorate('adultGate', loadAdultGate(app.config.STATIC_DIR))
}

export default fp(adultGate, { name: 'adult-gate', dependencies: ['core'] })
