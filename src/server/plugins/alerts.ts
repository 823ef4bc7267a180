import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  alertDigestKind,
  alertEmailKind,
  alertPushKind,
  alertsMatchKind,
} from '#server/services/alerts/alert-kinds.ts'
import { pushSearch } from '#server/services/alerts/alert-push.ts'
import { type AlertLinks, mailDelivery, mailDigest, matchAd } from '#server/services/alerts/alerts.ts'
import { loadVapid, type Vapid } from '#server/services/push/push.ts'

/**
 * Runs the alerts' jobs in this process (docs/decisions/054-alerts.md): every effect is written in
 * the job's complete, so a process dying mid-run leaves the job to another with nothing done twice.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** The VAPID pair; null when push is off (production without VAPID keys). */
    vapid: Vapid | null
  }
}

async function alerts(app: FastifyInstance): Promise<void> {
  const vapid = await loadVapid(app.config)
  app.decorate('vapid', vapid)
  if (vapid) {
    const push = { vapid, production: app.config.NODE_ENV === 'production', agent: app.pushAgent }
    app.jobs.handle(
      alertPushKind,
      async (job, context) => pushSearch(app.database.db, context, push, job.payload.searchId),
      // the devices are pushed at once, each within PUSH_TIMEOUT_MS (10 s), plus their DNS checks
      { leaseMs: 30_000 },
    )
  }
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
