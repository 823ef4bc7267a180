import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { startRetention } from '#server/services/privacy/retention.ts'

/**
 * The retention purge on its timer; tests call runRetention with their own clock instead
 * (docs/decisions/034-privacy-and-retention.md).
 */
async function retention(app: FastifyInstance): Promise<void> {
  if (app.config.NODE_ENV === 'test') return
  const stop = startRetention(app.database.db, app.log)
  app.addHook('onClose', async () => stop())
}

export default fp(retention, { name: 'retention', dependencies: ['core'] })
