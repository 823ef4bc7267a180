import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import type { PaymentsService } from '#server/services/payments/charges.ts'
import { createPaymentsService } from '#server/services/payments/create-payments.ts'
import { startReconciler } from '#server/services/payments/reconcile.ts'

declare module 'fastify' {
  interface FastifyInstance {
    /** Crypto charges at the configured provider, counted by the app's metrics. */
    payments: PaymentsService
  }
}

/**
 * The app's one payments service, which the wallet and the payments routes share (they are
 * encapsulated siblings: a decorator of the root is what both see), and its reconciler of missed
 * webhooks (docs/decisions/038-server-wiring.md).
 */
async function payments(app: FastifyInstance): Promise<void> {
  const service = createPaymentsService(app.config, app.database, app.metrics.countPayment)
  app.decorate('payments', service)
  // missed webhooks: re-read open charges on start and every RECONCILE_INTERVAL_MS
  let reconciler: ReturnType<typeof startReconciler> | null = null
  app.addHook('onReady', async () => {
    reconciler = startReconciler(() => service, app.config.RECONCILE_INTERVAL_MS, app.log, {
      succeeded: app.metrics.watchTask('payment_reconciler'),
      outages: app.outages,
    })
  })
  app.addHook('onClose', async () => {
    await reconciler?.stop()
  })
}

export default fp(payments, { name: 'payments' })
