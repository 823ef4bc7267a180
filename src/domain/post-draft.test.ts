import { describe, expect, it } from 'vitest'
import {
  blobIdOf,
  blobRef,
  draftToAdWrite,
  needsModerationCheck,
  PostDraftSchema,
  parseCheckoutDraft,
} from './post-draft.ts'

const draft = {
  id: 'ad-1',
  title: 'Silk robe',
  category: 'adult-buy-sell',
  province: 'ON',
  city: 'Toronto',
  price: 45,
  priceUnit: 'per_unit',
  images: [blobRef('p1')],
  contact: { phone: '', email: 'me@x.ca', website: '', handle: '' },
}

describe('checkout draft', () => {
  it('reads a stored JSON draft back, with defaults filled and the check marked done', () => {
    const parsed = parseCheckoutDraft(JSON.stringify(draft))
    expect(parsed).toMatchObject({ id: 'ad-1', description: '', videos: [], moderation: 'ok' })
  })
  it('reads a missing, corrupt or incomplete draft as none', () => {
    expect(parseCheckoutDraft(null)).toBeNull()
    expect(parseCheckoutDraft('{not json')).toBeNull()
    expect(parseCheckoutDraft({ ...draft, title: '  ' })).toBeNull()
    expect(parseCheckoutDraft({ ...draft, province: 'XX' })).toBeNull()
  })
  it('refuses more than 8 photos or 4 videos', () => {
    expect(PostDraftSchema.safeParse({ ...draft, images: Array(9).fill('x') }).success).toBe(false)
    expect(PostDraftSchema.safeParse({ ...draft, videos: Array(5).fill('x') }).success).toBe(false)
  })
  it('asks for a moderation check before paying only when it could not run (offline)', () => {
    expect(needsModerationCheck(PostDraftSchema.parse(draft))).toBe(false)
    expect(needsModerationCheck(PostDraftSchema.parse({ ...draft, moderation: 'pending' }))).toBe(true)
  })
})

describe('publishing a draft', () => {
  it('sends the server the media ids the upload returned, not the device blobs', () => {
    const write = draftToAdWrite(PostDraftSchema.parse(draft), { images: ['m1'], videos: [] })
    expect(write).toMatchObject({ title: draft.title.trim(), price: 45, images: ['m1'], videos: [] })
  })
  it('keeps a companion type only on adult-services ads', () => {
    const media = { images: [], videos: [] }
    const buySell = { ...draft, escortType: 'female-companion' }
    expect(draftToAdWrite(PostDraftSchema.parse(buySell), media).escortType).toBeNull()
    const services = { ...draft, category: 'adult-services', escortType: 'female-companion' }
    expect(draftToAdWrite(PostDraftSchema.parse(services), media).escortType).toBe('female-companion')
  })
})

describe('blob references', () => {
  it('tells a stored blob from an ordinary URL', () => {
    expect(blobIdOf(blobRef('abc'))).toBe('abc')
    expect(blobIdOf('/images/stock.webp')).toBeNull()
    expect(blobIdOf('idb-blob:')).toBeNull()
  })
})
