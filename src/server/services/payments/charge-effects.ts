import type { Db } from '#server/db/client.ts'
import type { cryptoCharges } from '#server/db/schema/payments.ts'
import { applyAdFee, type FeeRefusal, feeAdId } from '#server/services/ads/ad-payments.ts'
import { recordCryptoFee } from '#server/services/wallet/wallet-service.ts'

type ChargeRow = typeof cryptoCharges.$inferSelect

/** Whether a paid post or bump fee did what it was paid for; when not, the code of the reason the payer reads. */
export type ChargeEffect = { applied: true } | { applied: false; reason: FeeRefusal }

/**
 * What a settled post or bump fee does, inside the fulfilment transaction. When the effect can no
 * longer apply (the ad is gone, the payment came too late), the caller credits the amount to the
 * payer's wallet with the returned reason, so money is never lost. The fee publishes, renews or
 * bumps the ad it names exactly as a wallet payment would (ad-payments.ts); the fee's ledger row is
 * written only when it applied, so the credit can take the charge's one ledger row instead.
 */
export async function applyChargeEffect(
  tx: Db,
  charge: ChargeRow & { chargeType: 'post' | 'bump' },
): Promise<ChargeEffect> {
  // charges are refused at creation unless they name an ad; one made before that rule still finds
  // nothing to buy here, and its money goes to the wallet
  const target = feeAdId(charge.listingId)
  if (!('adId' in target)) return { applied: false, reason: target.reason }
  const effect = await applyAdFee(tx, {
    adId: target.adId,
    payerId: charge.userId,
    type: charge.chargeType,
    paidBy: `crypto charge ${charge.id}`,
    // a settlement arrives from the provider's side, outside any request: the system's time
    now: new Date(),
  })
  if (!effect.applied) return { applied: false, reason: effect.reason }
  await recordCryptoFee(tx, {
    userId: charge.userId,
    type: charge.chargeType,
    amountCents: charge.amountCents,
    chargeId: charge.id,
    listingId: charge.listingId,
  })
  return { applied: true }
}
