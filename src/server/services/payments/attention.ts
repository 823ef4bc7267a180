import { desc, isNotNull } from 'drizzle-orm'
import { type AttentionCharge, ChargeAttentionSchema } from '#domain/api/admin.ts'
import { centsToDollars } from '#domain/money.ts'
import type { Db } from '#server/db/client.ts'
import { cryptoCharges } from '#server/db/schema/payments.ts'

/** The admin list is for reading, not paging: the newest this many are plenty. */
export const ATTENTION_SHOWN = 200

/** Charges a person should look at, newest first, with the provider's ids to find them there. */
export async function chargesNeedingAttention(db: Db): Promise<AttentionCharge[]> {
  const rows = await db
    .select()
    .from(cryptoCharges)
    .where(isNotNull(cryptoCharges.attention))
    .orderBy(desc(cryptoCharges.updatedAt))
    .limit(ATTENTION_SHOWN)
  return rows.flatMap((row) => {
    const attention = ChargeAttentionSchema.safeParse(row.attention)
    if (!attention.success) return []
    return [
      {
        charge_id: row.id,
        provider: row.provider,
        provider_invoice_id: row.providerInvoiceId,
        charge_type: row.chargeType,
        amount_cad: centsToDollars(row.amountCents),
        status: row.status,
        attention: attention.data,
        fulfilled: row.fulfilledAt !== null,
        user_id: row.userId,
        updated_at: row.updatedAt.toISOString(),
      },
    ]
  })
}
