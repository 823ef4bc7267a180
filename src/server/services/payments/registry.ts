import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { PaymentObserver } from '#server/services/metrics/metrics.ts'
import { BtcpayProvider } from './btcpay-provider.ts'
import { PaymentsService } from './charges.ts'
import type { PaymentProvider } from './provider.ts'
import { SandboxProvider } from './sandbox-provider.ts'

// The wallet and payments route plugins are encapsulated siblings, so they cannot see each other's
// decorators; both reach the one service per database through this memo instead.
const services = new WeakMap<Database, PaymentsService>()

export function createProvider(config: Config, database: Database): PaymentProvider {
  if (config.PAYMENT_PROVIDER === 'btcpay') {
    return new BtcpayProvider({
      url: config.BTCPAY_URL,
      apiKey: config.BTCPAY_API_KEY,
      storeId: config.BTCPAY_STORE_ID,
      webhookSecret: config.BTCPAY_WEBHOOK_SECRET,
      paymentMethods: config.BTCPAY_PAYMENT_METHODS,
      redirectUrl: new URL('/wallet', config.PUBLIC_URL).toString(),
    })
  }
  return new SandboxProvider(database.db, config.PUBLIC_URL, config.SANDBOX_WEBHOOK_SECRET)
}

/**
 * The one service of this database. The app's routes create it as they are registered, with the
 * app's metrics as its observer; a later call without one gets that same service.
 */
export function paymentsService(
  config: Config,
  database: Database,
  observe?: PaymentObserver,
): PaymentsService {
  let service = services.get(database)
  if (!service) {
    service = new PaymentsService(database.db, createProvider(config, database), observe)
    services.set(database, service)
  }
  return service
}
