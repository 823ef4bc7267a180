import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { listUserAds, updateUserAd } from '#client/db/ads-repository.ts'
import { resetDb } from '#client/db/database.ts'
import { loadDraft, saveDraft } from '#client/db/drafts-repository.ts'
import { writeCheckoutDraft } from '#client/lib/checkout-handoff.ts'
import { AdFormValuesSchema, emptyFormValues } from '#domain/ad-form-rules.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { type PostDraft, PostDraftSchema } from '#domain/post-draft.ts'
import { applyBump, publishDraft } from './apply-paid-order.ts'

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

describe('publishing a paid draft', () => {
  it('appends the ad to the user ads and clears the form draft and the checkout draft', async () => {
    await saveDraft({ ...emptyFormValues(), title: 'Silk robe' })
    writeCheckoutDraft(draft)
    const ad = await publishDraft(draft, new Date('2026-11-21T10:00:00.000Z'))
    expect(ad).toMatchObject({ id: 'own-1', title: 'Silk robe', postedAt: '2026-11-21T10:00:00.000Z' })
    expect((await listUserAds()).map((a) => a.id)).toEqual(['own-1'])
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.mockAds) ?? '[]')).toHaveLength(1)
    expect(await loadDraft(AdFormValuesSchema)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.draft)).toBeNull()
    expect(sessionStorage.getItem(STORAGE_KEYS.checkoutDraft)).toBeNull()
  })

  it('publishes once even when the payment is confirmed twice', async () => {
    await publishDraft(draft)
    await publishDraft(draft)
    expect(await listUserAds()).toHaveLength(1)
  })

  it('a bump moves postedAt to now and keeps the edit date apart', async () => {
    await publishDraft(draft, new Date('2026-11-20T10:00:00.000Z'))
    await updateUserAd('own-1', { title: 'Silk robe, red' }, new Date('2026-11-20T11:00:00.000Z'))
    const bumped = await applyBump('own-1', new Date('2026-11-21T09:00:00.000Z'))
    expect(bumped).toMatchObject({
      title: 'Silk robe, red',
      postedAt: '2026-11-21T09:00:00.000Z',
      updatedAt: '2026-11-20T11:00:00.000Z',
    })
    expect(await applyBump('gen-ON-adult-buy-sell-0')).toBeUndefined()
  })
})
