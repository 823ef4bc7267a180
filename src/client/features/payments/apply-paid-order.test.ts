import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { resetDb } from '#client/db/database.ts'
import { loadDraft, saveDraft } from '#client/db/drafts-repository.ts'
import { writeCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { AdFormValuesSchema, emptyFormValues } from '#domain/ad-form-rules.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { type PostDraft, PostDraftSchema } from '#domain/post-draft.ts'
import { afterPostPaid } from './apply-paid-order.ts'

const draft: PostDraft = PostDraftSchema.parse({
  id: 'own-1',
  title: 'Silk robe',
  category: 'adult-buy-sell',
  province: 'ON',
  city: 'Toronto',
  price: 45,
  priceUnit: 'per_unit',
  contact: { phone: '', email: '', website: 'https://robe.ca', handle: '' },
})

beforeEach(async () => {
  await resetDb({ deleteData: true })
})
afterEach(async () => {
  await resetDb({ deleteData: true })
})

describe('after a posting fee is paid', () => {
  it('clears the form draft and the checkout draft, and says where the server ad is listed', async () => {
    await saveDraft({ ...emptyFormValues(), title: 'Silk robe' })
    writeCheckoutDraft(draft)
    const ad = await afterPostPaid(draft, 'abcdefabcdef')
    expect(ad).toEqual({ id: 'abcdefabcdef', province: 'ON', category: 'adult-buy-sell' })
    expect(await loadDraft(AdFormValuesSchema)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.draft)).toBeNull()
    expect(sessionStorage.getItem(STORAGE_KEYS.checkoutDraft)).toBeNull()
  })
})
