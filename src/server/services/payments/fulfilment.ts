import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { refusal } from '#server/errors.ts'
import { creditCharge, creditTopup } from '#server/services/wallet/wallet-service.ts'
import { applyChargeEffect } from './charge-effects.ts'

/**
 * Fulfils a settled charge exactly once, whoever asks first (webhook, status poll, confirm).
 * Claiming the charge (fulfilled_at IS NULL → now) and the credit share one transaction, and the
 * ledger's unique charge_id refuses a second row even if two claims ever raced. Returns true only
 * for the call that did the work. A post or bump whose effect can no longer apply becomes wallet
 * credit with the reason on the ledger row (see docs/decisions/012-payment-reconciliation.md).
 */
export async function fulfilCharge(db: Db, chargeId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [charge] = await tx
      .update(cryptoCharges)
      .set({ fulfilledAt: new Date(), status: 'COMPLETED', updatedAt: new Date() })
      .where(and(eq(cryptoCharges.id, chargeId), isNull(cryptoCharges.fulfilledAt)))
      .returning()
    if (!charge) return false
    if (charge.chargeType === 'topup') {
      await creditTopup(tx, { userId: charge.userId, amountCents: charge.amountCents, chargeId: charge.id })
    } else {
      const effect = await applyChargeEffect(tx, { ...charge, chargeType: charge.chargeType })
      // the money arrived but cannot buy what it was for: the payer keeps it as wallet credit
      if (!effect.applied) {
        await creditCharge(tx, {
          userId: charge.userId,
          amountCents: charge.amountCents,
          chargeId: charge.id,
          listingId: charge.listingId,
          // the ledger keeps the reason in English words, as its other notes
          note: refusal(effect.reason).detail,
        })
      }
    }
    return true
  })
}
