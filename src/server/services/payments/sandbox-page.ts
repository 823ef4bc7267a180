import { escapeHtml } from '#domain/html-escape.ts'
import { formatCad } from '#domain/money.ts'
import type { sandboxInvoices } from '#server/db/schema/payments.ts'
import type { ProviderCharge } from './provider.ts'

type SandboxInvoice = typeof sandboxInvoices.$inferSelect

const STATUS_NOTE: Record<string, string> = {
  NEW: 'Waiting for payment.',
  PENDING: 'Payment seen, waiting for confirmation.',
  COMPLETED: 'Payment received. You can go back to the app.',
  EXPIRED: 'This invoice expired. Start a new payment in the app.',
}

/**
 * The sandbox provider's hosted invoice page: self-contained HTML (no scripts, no external
 * resources, inline styles only) so it works under the app's CSP. Its two forms stand in for the
 * buyer's wallet and the passing of time.
 */
export function renderSandboxPage(invoice: SandboxInvoice, charge: ProviderCharge): string {
  const open = invoice.status === 'NEW' || invoice.status === 'PENDING'
  const id = encodeURIComponent(invoice.id)
  const coin = (name: string, address: string | null, uri: string | null) =>
    address
      ? `<div class="coin"><h2>${name}</h2><code>${escapeHtml(address)}</code>${
          uri ? `<a href="${escapeHtml(uri)}">Open in wallet</a>` : ''
        }</div>`
      : ''
  const actions = open
    ? `<div class="actions">
  <form method="post" action="/api/payments/sandbox/${id}/pay"><button type="submit">Simulate payment</button></form>
  <form method="post" action="/api/payments/sandbox/${id}/expire"><button type="submit" class="secondary">Simulate expiry</button></form>
</div>`
    : ''
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Sandbox invoice · ${escapeHtml(formatCad(invoice.amountCents))}</title>
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
  <span class="badge">Sandbox – no real coins</span>
  <h1>${escapeHtml(formatCad(invoice.amountCents))}</h1>
  <p>${escapeHtml(invoice.description)}</p>
  <p>Status: <span class="status" data-status="${invoice.status}">${invoice.status}</span> – ${STATUS_NOTE[invoice.status] ?? ''}</p>
  ${coin('Bitcoin', charge.addresses.bitcoin, charge.uris.bitcoin)}
  ${coin('Litecoin', charge.addresses.litecoin, charge.uris.litecoin)}
  ${actions}
  <small>These addresses belong to nobody: this built-in provider only simulates a crypto processor so the app can be tried locally. Set PAYMENT_PROVIDER=btcpay for real payments.</small>
</main>
</body>
</html>`
}
