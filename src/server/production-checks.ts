/**
 * The settings these checks read. config.ts passes its parsed Config; the shape is named here so
 * that the two files do not import each other.
 */
interface ProductionSettings {
  PAYMENT_PROVIDER: string
  PUBLIC_URL: string
  SMTP_URL?: string
  BTCPAY_WEBHOOK_SECRET?: string
  SANDBOX_WEBHOOK_SECRET?: string
  DATABASE_URL?: string
  PAGE_FORM_SECRET?: string
  REPORT_HASH_SECRET?: string
  ADMIN_USERNAME?: string
  ADMIN_PASSWORD?: string
  PUSH: 'on' | 'off'
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
}

/** The sandbox's webhook key when none is set: fine on a laptop, refused in production. */
export const DEFAULT_SANDBOX_WEBHOOK_SECRET = 'sandbox-secret'

// Secrets that ship in the code or the docs: a webhook signed with one of them proves nothing.
const KNOWN_DEFAULT_SECRETS = new Set([
  DEFAULT_SANDBOX_WEBHOOK_SECRET,
  'secret',
  'changeme',
  'change-me',
  'webhook-secret',
])

/** Shorter than this, a password for the admin (the one account that can remove any ad) is refused in production. */
export const MIN_ADMIN_PASSWORD_LENGTH = 12
/** Shorter than this, a webhook secret could be found by trying: production refuses it. */
export const MIN_WEBHOOK_SECRET_LENGTH = 16

function isWeakSecret(secret: string | undefined): boolean {
  const value = (secret ?? '').trim()
  return value === '' || KNOWN_DEFAULT_SECRETS.has(value.toLowerCase())
}

/**
 * What production refuses to start with, one sentence each saying what to set. Every item is fine
 * on a laptop and dangerous on the internet: the sandbox lets anyone mark an invoice paid, the
 * outbox keeps live reset links in the database unsent, a known webhook secret lets anyone forge a
 * payment, and http links in mails leak their tokens to the network.
 */
export function productionProblems(config: ProductionSettings): string[] {
  const problems: string[] = []
  if (config.PAYMENT_PROVIDER === 'sandbox') {
    problems.push(
      'PAYMENT_PROVIDER=sandbox lets anyone mark an invoice paid: set PAYMENT_PROVIDER=btcpay with BTCPAY_URL, BTCPAY_API_KEY, BTCPAY_STORE_ID and BTCPAY_WEBHOOK_SECRET',
    )
  }
  if (!config.SMTP_URL?.trim()) {
    problems.push(
      'SMTP_URL is not set, so verification and reset mails would never leave the server: set SMTP_URL=smtp://user:pass@host:587',
    )
  }
  if (config.PAYMENT_PROVIDER === 'btcpay' && isWeakSecret(config.BTCPAY_WEBHOOK_SECRET)) {
    problems.push(
      "BTCPAY_WEBHOOK_SECRET is empty or a well-known default, so anyone could forge a payment webhook: set it to the long random secret of the store's webhook in BTCPay",
    )
  }
  if (
    config.BTCPAY_WEBHOOK_SECRET !== undefined &&
    !isWeakSecret(config.BTCPAY_WEBHOOK_SECRET) &&
    config.BTCPAY_WEBHOOK_SECRET.trim().length < MIN_WEBHOOK_SECRET_LENGTH
  ) {
    problems.push(
      `BTCPAY_WEBHOOK_SECRET is shorter than ${MIN_WEBHOOK_SECRET_LENGTH} characters, so a forged payment webhook could guess it: set the store's webhook secret in BTCPay to a long random value (openssl rand -hex 32) and copy it here`,
    )
  }
  if (config.PAYMENT_PROVIDER === 'sandbox' && isWeakSecret(config.SANDBOX_WEBHOOK_SECRET)) {
    problems.push(
      'SANDBOX_WEBHOOK_SECRET is empty or the default, so anyone could forge a payment webhook: set a long random value (and do not run the sandbox in production)',
    )
  }
  if (new URL(config.PUBLIC_URL).protocol !== 'https:') {
    problems.push(
      `PUBLIC_URL=${config.PUBLIC_URL} is not https, so links in mails would carry their tokens in clear: set PUBLIC_URL=https://your.domain`,
    )
  }
  // on PostgreSQL more than one process may answer: a code one of them signed for an ad page's
  // no-JavaScript Reveal form must check on the others (src/server/routes/ad-actions.ts)
  if (config.DATABASE_URL && !config.PAGE_FORM_SECRET) {
    problems.push(
      'PAGE_FORM_SECRET is not set, so each process would sign the reveal codes of ad pages with its own random key and a code shown by one would fail on another: set the same PAGE_FORM_SECRET (openssl rand -hex 32) on every process',
    )
  }
  // each process would key report addresses with the DATA_DIR of its own machine: one person reporting
  // through two of them would count as two (docs/decisions/042-holds-that-hold.md)
  if (config.DATABASE_URL && !config.REPORT_HASH_SECRET) {
    problems.push(
      'REPORT_HASH_SECRET is not set, so each process would hash report addresses with a key of its own machine and one reporter would count as several: set the same REPORT_HASH_SECRET (openssl rand -hex 32) on every process',
    )
  }
  if (!config.ADMIN_USERNAME?.trim() || !config.ADMIN_PASSWORD) {
    problems.push('ADMIN_USERNAME and ADMIN_PASSWORD must both be set in production: set both')
  } else if (config.ADMIN_PASSWORD.length < MIN_ADMIN_PASSWORD_LENGTH) {
    problems.push(
      `ADMIN_PASSWORD is shorter than ${MIN_ADMIN_PASSWORD_LENGTH} characters, and the admin can remove any ad: set a long passphrase`,
    )
  }
  // a pair made at start would change with every deploy and every process, and the browsers'
  // subscriptions made with the old one would stop working (docs/decisions/054-alerts.md)
  if (config.PUSH === 'on' && (!config.VAPID_PUBLIC_KEY || !config.VAPID_PRIVATE_KEY)) {
    problems.push(
      'PUSH=on without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY: set the pair `npx web-push generate-vapid-keys` prints (and VAPID_SUBJECT), or PUSH=off to send alerts by e-mail only',
    )
  }
  return problems
}
