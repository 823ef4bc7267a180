import { and, asc, eq, gte, isNull } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { type OutageLog, outageOf } from '#server/outages.ts'
import type { PaymentsService } from './charges.ts'

// Webhooks get lost (our server was down, BTCPay gave up retrying), so we also ask: every open or
// recently expired charge is re-read from the provider and fulfilled once if it was paid. The why
// and the limits are in docs/decisions/012-payment-reconciliation.md.

/** A late payment lands within BTCPay's monitoring window, far shorter than this. */
export const RECONCILE_WINDOW_MS = 7 * 24 * 60 * 60 * 1000
/** One pass reads at most this many charges, least recently looked at first, so a backlog drains. */
export const RECONCILE_BATCH = 200

export interface ReconcileResult {
  checked: number
  fulfilled: number
  failed: number
}

/** One pass: re-reads unfulfilled charges of the last week; fulfilCharge keeps each to once. */
export async function reconcileCharges(
  service: PaymentsService,
  now: Date = new Date(),
): Promise<ReconcileResult> {
  const rows = await service.db
    .select()
    .from(cryptoCharges)
    .where(
      and(
        eq(cryptoCharges.provider, service.provider.name),
        isNull(cryptoCharges.fulfilledAt),
        gte(cryptoCharges.createdAt, new Date(now.getTime() - RECONCILE_WINDOW_MS)),
      ),
    )
    .orderBy(asc(cryptoCharges.updatedAt))
    .limit(RECONCILE_BATCH)
  const result: ReconcileResult = { checked: rows.length, fulfilled: 0, failed: 0 }
  for (const row of rows) {
    try {
      if ((await service.refresh(row)).fulfilled) result.fulfilled += 1
    } catch {
      // the provider is down or the invoice is gone: the next pass tries again
      result.failed += 1
    }
  }
  return result
}

export interface Reconciler {
  stop: () => Promise<void>
}

/** A pass now and every intervalMs; a pass never overlaps the previous one; stop waits for it. */
export function startReconciler(
  service: () => PaymentsService,
  intervalMs: number,
  log: FastifyBaseLogger,
  watch: {
    /** A pass read every charge it looked at (metrics: last success and lag, decision 041). */
    succeeded?: () => void
    /** A pass the database's outage failed is one line per outage there, not a stack per pass. */
    outages?: OutageLog
  } = {},
): Reconciler {
  let running: Promise<void> | null = null
  const pass = () => {
    if (running) return
    running = reconcileCharges(service())
      .then((result) => {
        if (result.fulfilled > 0 || result.failed > 0) log.info({ reconcile: result }, 'payments reconciled')
        if (result.failed === 0) watch.succeeded?.()
      })
      .catch((error: unknown) => {
        const dependency = outageOf(error)
        if (dependency && watch.outages) watch.outages.failed(dependency, error)
        else log.warn({ err: error }, 'payment reconciliation failed')
      })
      .finally(() => {
        running = null
      })
  }
  pass()
  const timer = setInterval(pass, intervalMs)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await running
    },
  }
}
