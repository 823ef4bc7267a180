import { and, eq, isNull } from 'drizzle-orm'
import type { Db } from '#server/db/client.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'
import { creditTopup } from '#server/services/wallet/wallet-service.ts'
import { applyChargeEffect } from './charge-effects.ts'

/**
 * Fulfils a settled charge exactly once, whoever asks first (webhook, status poll, confirm).
 * Claiming the charge (fulfilled_at IS NULL → now) and the credit share one transaction, and the
 * ledger's unique charge_id refuses a second row even if two claims ever raced. Returns true only
 * for the call that did the work.
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
      if (!effect.applied) throw new Error(`Charge ${charge.id} could not apply: ${effect.reason}`)
    }
    return true
  })
}
