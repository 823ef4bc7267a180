import { coinAmountInUri } from '#domain/coin-amount.ts'
import { escapeHtml } from '#domain/html-escape.ts'
import { type Language, LOCALES } from '#domain/languages.ts'
import { formatCad } from '#domain/money.ts'
import type { sandboxInvoices } from '#server/db/schema/payments.ts'
import type { ProviderCharge } from './provider.ts'

type SandboxInvoice = typeof sandboxInvoices.$inferSelect

// The page's texts in each language: a server-rendered page cannot read the app's catalogs
// (src/client), so it keeps its own, worded as the app's pay page words the same statuses.
const TEXTS = {
  en: {
    title: 'Sandbox invoice',
    badge: 'Sandbox – no real coins',
    status: 'Status:',
    statuses: {
      NEW: 'Waiting for payment',
      PENDING: 'Payment seen, waiting for confirmation',
      COMPLETED: 'Paid',
      EXPIRED: 'Expired',
      INVALID: 'Invalid',
    } as Record<string, string>,
    notes: {
      NEW: 'Waiting for payment.',
      PENDING: 'Payment seen, waiting for confirmation.',
      COMPLETED: 'Payment received. You can go back to the app.',
      EXPIRED: 'This invoice expired. Start a new payment in the app.',
    } as Record<string, string>,
    amount: 'Amount',
    openInWallet: 'Open in wallet',
    pay: 'Simulate payment',
    expire: 'Simulate expiry',
    footer:
      'These addresses belong to nobody: this built-in provider only simulates a crypto processor so the app can be tried locally. Set PAYMENT_PROVIDER=btcpay for real payments.',
  },
  fr: {
    title: 'Facture de test',
    badge: 'Bac à sable – aucune vraie cryptomonnaie',
    status: 'Statut :',
    statuses: {
      NEW: 'En attente du paiement',
      PENDING: 'Paiement vu, en attente de confirmation',
      COMPLETED: 'Payé',
      EXPIRED: 'Expiré',
      INVALID: 'Invalide',
    } as Record<string, string>,
    notes: {
      NEW: 'En attente du paiement.',
      PENDING: 'Paiement vu, en attente de confirmation.',
      COMPLETED: 'Paiement reçu. Vous pouvez retourner à l’application.',
      EXPIRED: 'Cette facture a expiré. Lancez un nouveau paiement dans l’application.',
    } as Record<string, string>,
    amount: 'Montant',
    openInWallet: 'Ouvrir dans le portefeuille',
    pay: 'Simuler le paiement',
    expire: 'Simuler l’expiration',
    footer:
      'Ces adresses n’appartiennent à personne : ce fournisseur intégré ne fait que simuler un processeur de cryptomonnaies pour qu’on puisse essayer l’application en local. Réglez PAYMENT_PROVIDER=btcpay pour de vrais paiements.',
  },
} as const satisfies Record<Language, unknown>

/**
 * The sandbox provider's hosted invoice page: self-contained HTML (no scripts, no external
 * resources, inline styles only) so it works under the app's CSP. Its two forms stand in for the
 * buyer's wallet and the passing of time.
 */
export function renderSandboxPage(
  invoice: SandboxInvoice,
  charge: ProviderCharge,
  language: Language,
): string {
  const t = TEXTS[language]
  const total = escapeHtml(formatCad(invoice.amountCents, LOCALES[language]))
  const open = invoice.status === 'NEW' || invoice.status === 'PENDING'
  const id = encodeURIComponent(invoice.id)
  const coin = (name: string, symbol: string, address: string | null, uri: string | null) => {
    if (!address) return ''
    const amount = coinAmountInUri(uri)
    return `<div class="coin"><h2>${name}</h2>${
      amount ? `<p class="amount">${t.amount}: <strong>${escapeHtml(amount)} ${symbol}</strong></p>` : ''
    }<code>${escapeHtml(address)}</code>${uri ? `<a href="${escapeHtml(uri)}">${t.openInWallet}</a>` : ''}</div>`
  }
  const actions = open
    ? `<div class="actions">
  <form method="post" action="/api/payments/sandbox/${id}/pay"><button type="submit">${t.pay}</button></form>
  <form method="post" action="/api/payments/sandbox/${id}/expire"><button type="submit" class="secondary">${t.expire}</button></form>
</div>`
    : ''
  return `<!doctype html>
<html lang="${LOCALES[language]}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${t.title} · ${total}</title>
<style>
  :root { color-scheme: dark; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
  body { margin: 0; background: #0f0d14; color: #eee; display: flex; justify-content: center; padding: 24px 12px; }
  main { width: 100%; max-width: 480px; background: #1b1724; border: 1px solid #2e2840; border-radius: 14px; padding: 24px; }
  .badge { display: inline-block; font-size: 12px; letter-spacing: .05em; text-transform: uppercase; background: #3b2f12; color: #f4c76b; border-radius: 999px; padding: 2px 10px; }
  h1 { font-size: 28px; margin: 12px 0 4px; }
  h2 { font-size: 14px; margin: 0 0 6px; color: #b9b2c9; }
  p { color: #b9b2c9; margin: 4px 0 16px; }
  .status { font-weight: 600; color: #fff; }
  .coin { background: #141019; border-radius: 10px; padding: 12px; margin: 10px 0; }
  .amount { margin: 0 0 6px; color: #e9e3f5; }
  code { display: block; word-break: break-all; font-size: 13px; color: #e9e3f5; margin-bottom: 6px; }
  a { color: #c89bff; font-size: 13px; }
  .actions { display: flex; gap: 10px; margin-top: 20px; flex-wrap: wrap; }
  button { font: inherit; font-weight: 600; border: 0; border-radius: 8px; padding: 10px 16px; cursor: pointer; background: #a855f7; color: #fff; }
  button.secondary { background: #2e2840; color: #eee; }
  small { display: block; margin-top: 18px; color: #8a829c; }
</style>
</head>
<body>
<main>
  <span class="badge">${t.badge}</span>
  <h1>${total}</h1>
  <p>${escapeHtml(invoice.description)}</p>
  <p>${t.status} <span class="status" data-status="${escapeHtml(invoice.status)}">${t.statuses[invoice.status] ?? escapeHtml(invoice.status)}</span> – ${t.notes[invoice.status] ?? ''}</p>
  ${coin('Bitcoin', 'BTC', charge.addresses.bitcoin, charge.uris.bitcoin)}
  ${coin('Litecoin', 'LTC', charge.addresses.litecoin, charge.uris.litecoin)}
  ${actions}
  <small>${t.footer}</small>
</main>
</body>
</html>`
}
