import type { Db } from '#server/db/client.ts'
import type { cryptoCharges } from '#server/db/schema/payments.ts'
import { recordCryptoFee } from '#server/services/wallet/wallet-service.ts'

type ChargeRow = typeof cryptoCharges.$inferSelect

/** Whether a paid post or bump fee did what it was paid for; when not, the reason the payer reads. */
export type ChargeEffect = { applied: true } | { applied: false; reason: string }

/**
 * What a settled post or bump fee does, inside the fulfilment transaction. When the effect can no
 * longer apply (the ad is gone, the payment came too late), the caller credits the amount to the
 * payer's wallet with the returned reason, so money is never lost.
 */
export async function applyChargeEffect(
  tx: Db,
  charge: ChargeRow & { chargeType: 'post' | 'bump' },
): Promise<ChargeEffect> {
  await recordCryptoFee(tx, {
    userId: charge.userId,
    type: charge.chargeType,
    amountCents: charge.amountCents,
    chargeId: charge.id,
    listingId: charge.listingId,
  })
  return { applied: true }
}
