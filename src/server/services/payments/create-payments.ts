import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import type { PaymentObserver } from '#server/services/metrics/metrics.ts'
import { BtcpayProvider } from './btcpay-provider.ts'
import { PaymentsService } from './charges.ts'
import type { PaymentProvider } from './provider.ts'
import { SandboxProvider } from './sandbox-provider.ts'

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

/** The payments service at the configured provider; plugins/payments.ts makes the app's one. */
export function createPaymentsService(
  config: Config,
  database: Database,
  observe?: PaymentObserver,
): PaymentsService {
  return new PaymentsService(database.db, createProvider(config, database), observe)
}
