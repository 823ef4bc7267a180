import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { alertDigestKind, alertEmailKind, alertsMatchKind } from '#server/services/alerts/alert-kinds.ts'
import { type AlertLinks, mailDelivery, mailDigest, matchAd } from '#server/services/alerts/alerts.ts'

/**
 * Runs the alerts' jobs in this process (docs/decisions/054-alerts.md): every effect is written in
 * the job's complete, so a process dying mid-run leaves the job to another with nothing done twice.
 */
async function alerts(app: FastifyInstance): Promise<void> {
  const links: AlertLinks = { publicUrl: app.config.PUBLIC_URL, keys: app.reporterKeys }
  app.jobs.handle(alertsMatchKind, async (job, { complete, now }) => {
    await complete((tx) => matchAd(tx, job.payload.adId, now()))
  })
  app.jobs.handle(alertEmailKind, async (job, { complete }) => {
    await complete((tx) => mailDelivery(tx, links, job.payload.deliveryId))
  })
  app.jobs.handle(alertDigestKind, async (job, { complete }) => {
    await complete((tx) => mailDigest(tx, links, job.payload.userId))
  })
}

export default fp(alerts, { name: 'alerts', dependencies: ['reporter-keys'] })
