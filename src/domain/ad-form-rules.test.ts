import { describe, expect, it } from 'vitest'
import type { Ad } from './ad.ts'
import {
  AdFormValuesSchema,
  addWithinLimit,
  adToFormValues,
  bannedPhraseErrors,
  cityAfterProvinceChange,
  emptyFormValues,
  fitWithin,
  formToAdFields,
  formToDraft,
  maxVideos,
  moveItem,
  normalizeWebsite,
  POST_FORM_PROVINCES,
  parsePrice,
  validateAdForm,
} from './ad-form-rules.ts'
import { AdWriteSchema, MAX_CITY_LENGTH, MAX_PRICE_DOLLARS, MAX_TITLE_LENGTH } from './api/ads.ts'
import { MAX_PHOTOS } from './constants.ts'
import { draftToAdWrite, PostDraftSchema } from './post-draft.ts'
import { PROVINCE_CODES } from './provinces.ts'

describe('price', () => {
  it('is optional: a blank price is 0 (contact for price)', () => {
    expect(parsePrice('')).toBe(0)
    expect(parsePrice('   ')).toBe(0)
  })
  it('reads a non-numeric price as 0', () => {
    expect(parsePrice('call me')).toBe(0)
    expect(parsePrice('12abc')).toBe(0)
    expect(parsePrice('-5')).toBe(0)
  })
  it('reads the numbers people type, with a dollar sign or separators', () => {
    expect(parsePrice('120')).toBe(120)
    expect(parsePrice('$1,250.50')).toBe(1250.5)
    expect(parsePrice(' 45.999 ')).toBe(46)
  })
})

describe('website', () => {
  it('prefixes https:// to a website lacking a scheme', () => {
    expect(normalizeWebsite('example.com')).toBe('https://example.com')
    expect(normalizeWebsite('  www.example.com/me ')).toBe('https://www.example.com/me')
  })
  it('keeps a website that has a scheme, and a blank one blank', () => {
    expect(normalizeWebsite('http://example.com')).toBe('http://example.com')
    expect(normalizeWebsite('https://example.com')).toBe('https://example.com')
    expect(normalizeWebsite('')).toBe('')
  })
})

describe('media order', () => {
  it('moves a photo earlier or later, the first being the cover', () => {
    expect(moveItem(['a', 'b', 'c'], 2, 0)).toEqual(['c', 'a', 'b'])
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c'])
  })
  it('leaves the list as it is for a move off either end', () => {
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b'])
    expect(moveItem(['a', 'b'], 1, 2)).toEqual(['a', 'b'])
  })
})

describe('media limits', () => {
  it('keeps at most 8 photos and says how many did not fit', () => {
    const { items, dropped } = addWithinLimit(
      ['a', 'b', 'c', 'd', 'e', 'f'],
      ['g', 'h', 'i', 'j'],
      MAX_PHOTOS,
    )
    expect(items).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'])
    expect(dropped).toBe(2)
  })
  it('allows 4 videos when posting and 2 when editing', () => {
    expect(maxVideos('post')).toBe(4)
    expect(maxVideos('edit')).toBe(2)
    const values = { ...emptyFormValues(), title: 'x', videos: ['1', '2', '3'] }
    expect(validateAdForm(values, 'post').videos).toBeUndefined()
    expect(validateAdForm(values, 'edit').videos).toEqual({ kind: 'tooMany', max: 2 })
  })
  it('refuses more than 8 photos', () => {
    const photos = Array.from({ length: 9 }, (_, i) => String(i))
    expect(validateAdForm({ ...emptyFormValues(), title: 'x', photos }, 'post').photos).toEqual({
      kind: 'tooMany',
      max: MAX_PHOTOS,
    })
  })
  it('scales a large photo down so its longest side is 1600px, never up', () => {
    expect(fitWithin(4000, 3000)).toEqual({ width: 1600, height: 1200 })
    expect(fitWithin(1000, 5000)).toEqual({ width: 320, height: 1600 })
    expect(fitWithin(800, 600)).toEqual({ width: 800, height: 600 })
  })
})

describe('title', () => {
  it('is required: blank or spaces only is an error', () => {
    expect(validateAdForm(emptyFormValues(), 'post').title).toEqual({ kind: 'required' })
    expect(validateAdForm({ ...emptyFormValues(), title: '   ' }, 'edit').title).toEqual({ kind: 'required' })
    expect(validateAdForm({ ...emptyFormValues(), title: 'Silk robe' }, 'post')).toEqual({})
  })
})

describe('the API rules on the form', () => {
  const titled = { ...emptyFormValues(), title: 'Silk robe' }

  it('lets a title-only ad through, as the API takes it (listed under All cities)', () => {
    expect(validateAdForm(titled, 'post')).toEqual({})
    expect(AdWriteSchema.parse(formToAdFields(titled)).city).toBe('')
  })
  it('marks each field the API would refuse, with the limit it broke', () => {
    const errors = validateAdForm(
      {
        ...titled,
        title: 'x'.repeat(MAX_TITLE_LENGTH + 1),
        city: 'c'.repeat(MAX_CITY_LENGTH + 1),
        price: String(MAX_PRICE_DOLLARS + 1),
        email: 'not an email',
        handle: 'nul\u0000',
      },
      'post',
    )
    expect(errors).toEqual({
      title: { kind: 'tooLong', max: MAX_TITLE_LENGTH },
      city: { kind: 'tooLong', max: MAX_CITY_LENGTH },
      price: { kind: 'tooLarge', max: MAX_PRICE_DOLLARS },
      email: { kind: 'invalid' },
      handle: { kind: 'invalid' },
    })
  })
  it('accepts on the form exactly what the API accepts', () => {
    const samples = [titled, { ...titled, email: 'a@b.ca', city: 'Laval' }, { ...titled, email: 'nope' }]
    for (const values of samples) {
      const formOk = Object.keys(validateAdForm(values, 'post')).length === 0
      const { images: _i, videos: _v, ...fields } = formToAdFields(values)
      expect(formOk).toBe(AdWriteSchema.safeParse(fields).success)
    }
  })
  it('names each banned phrase on the field it was found in', () => {
    expect(bannedPhraseErrors({ title: ['teen'], description: [] })).toEqual({
      title: { kind: 'banned', phrases: ['teen'] },
    })
    expect(bannedPhraseErrors({ title: [], description: ['a', 'b'] })).toEqual({
      description: { kind: 'banned', phrases: ['a', 'b'] },
    })
  })
})

describe('province and city', () => {
  it('offers all 13 provinces with ON, BC, QC and AB first', () => {
    expect(POST_FORM_PROVINCES.slice(0, 4)).toEqual(['ON', 'BC', 'QC', 'AB'])
    expect([...POST_FORM_PROVINCES].sort()).toEqual([...PROVINCE_CODES].sort())
  })
  it('resets a city that is not in the new province', () => {
    expect(cityAfterProvinceChange('Toronto', 'BC')).toBe('')
    expect(cityAfterProvinceChange('Vancouver', 'BC')).toBe('Vancouver')
  })
  it('keeps a city the API lists for the new province, whatever its case', () => {
    expect(cityAfterProvinceChange('oakville', 'ON', ['Oakville'])).toBe('oakville')
    expect(cityAfterProvinceChange('Oakville', 'BC', ['Kelowna'])).toBe('')
  })
})

describe('form values', () => {
  it('keeps what still fits from a partly broken stored draft', () => {
    const values = AdFormValuesSchema.parse({ title: 'Robe', province: 'XX', price: 12, photos: 'nope' })
    expect(values).toMatchObject({ title: 'Robe', province: 'ON', price: '', photos: [] })
  })
  it('drops the companion type outside adult-services', () => {
    const fields = formToAdFields({ ...emptyFormValues(), title: 't', escortType: 'male-companion' })
    expect(fields.escortType).toBeNull()
    const services = formToAdFields({
      ...emptyFormValues(),
      title: 't',
      category: 'adult-services',
      escortType: 'male-companion',
    })
    expect(services.escortType).toBe('male-companion')
  })
  it('makes a valid checkout draft with the price parsed and the website prefixed', () => {
    const draft = formToDraft(
      { ...emptyFormValues(), title: ' Robe ', price: 'abc', website: 'me.ca', contactPlatform: 'instagram' },
      'ad-1',
      'ok',
    )
    expect(PostDraftSchema.parse(draft)).toMatchObject({
      id: 'ad-1',
      title: 'Robe',
      price: 0,
      contact: { website: 'https://me.ca' },
      contactPlatform: 'instagram',
    })
  })
  it('round-trips an ad through the edit form', () => {
    const ad: Ad = {
      id: 'own-1',
      title: 'Robe',
      category: 'adult-services',
      escortType: 'trans-companion',
      province: 'BC',
      city: 'Victoria',
      price: 150,
      priceUnit: 'per_hour',
      description: '',
      images: [],
      videos: [],
      verified: false,
      postedAt: '2026-11-20T10:00:00.000Z',
      contact: { phone: '555', email: '', website: 'https://x.ca', handle: '@me' },
      contactPlatform: 'onlyfans',
    }
    const fields = formToAdFields(adToFormValues(ad))
    expect(fields).toMatchObject({
      title: 'Robe',
      escortType: 'trans-companion',
      province: 'BC',
      city: 'Victoria',
      price: 150,
      priceUnit: 'per_hour',
      contact: ad.contact,
      contactPlatform: 'onlyfans',
    })
  })
})

describe('Adult Companions confirmation', () => {
  const companion = { ...emptyFormValues(), title: 'Dinner company', category: 'adult-services' as const }

  it('asks an Adult Companions ad for the confirmation, and no other category', () => {
    expect(validateAdForm(companion, 'post').ownServicesConfirmed).toEqual({ kind: 'unconfirmed' })
    expect(
      validateAdForm({ ...companion, ownServicesConfirmed: true }, 'post').ownServicesConfirmed,
    ).toBeUndefined()
    expect(
      validateAdForm({ ...companion, category: 'adult-buy-sell' }, 'post').ownServicesConfirmed,
    ).toBeUndefined()
  })

  it('sends the confirmation with a companion ad only, and an ad opened for editing starts without it', () => {
    const draft = formToDraft({ ...companion, ownServicesConfirmed: true }, 'own-1', 'ok')
    expect(draftToAdWrite(draft, { images: [], videos: [] }).ownServicesConfirmed).toBe(true)
    const robe = formToDraft(
      { ...companion, category: 'adult-buy-sell', ownServicesConfirmed: true },
      'own-2',
      'ok',
    )
    expect(draftToAdWrite(robe, { images: [], videos: [] })).not.toHaveProperty('ownServicesConfirmed')
    expect(formToAdFields({ ...companion, category: 'adult-castings' }).ownServicesConfirmed).toBeUndefined()
  })
})
