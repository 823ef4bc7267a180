import { afterEach, describe, expect, it, vi } from 'vitest'
import { formatAdPrice, formatPostedDate } from '#client/lib/ad-format.ts'
import { http } from '#client/lib/http.ts'
import { en } from './en.ts'
import { fr } from './fr.ts'
import {
  language,
  loadRenderTexts,
  msg,
  preferredLanguage,
  readRenderLanguageFrom,
  setLanguage,
} from './messages.ts'
import { msgPayments } from './messages-payments.ts'
import { provinceLabel } from './names.ts'

// a screen module keeps an alias to its section at load time, as most do
const listingAlias = msg.listing

afterEach(async () => {
  await setLanguage('en')
  localStorage.clear()
  vi.unstubAllGlobals()
})

describe('the language switch', () => {
  it('puts every text in French, even behind aliases and in catalogs loaded with their screens', async () => {
    await setLanguage('fr')
    expect(language()).toBe('fr')
    expect(msg.layout.postAd).toBe(fr.layout.postAd)
    expect(listingAlias.contactForPrice).toBe('Prix sur demande')
    expect(msgPayments.wallet.title).toBe('Portefeuille')
    expect(provinceLabel('QC')).toBe('Québec')
    expect(provinceLabel('ALL')).toBe('Tout le Canada')
    expect(document.documentElement.lang).toBe('fr-CA')
    expect(document.title).toBe(fr.app.documentTitle)
    expect(localStorage.getItem('language')).toBe('fr')
  })

  it('comes back to the exact English texts', async () => {
    await setLanguage('fr')
    await setLanguage('en')
    expect(msg).toEqual(en)
    expect(document.documentElement.lang).toBe('en-CA')
    expect(fr.layout.postAd).toBe('Publier une annonce')
  })

  it('formats prices and dates the French Canadian way', async () => {
    await setLanguage('fr')
    const nbsp = /\s/g
    expect(formatAdPrice({ price: 120, priceUnit: 'per_hour' }).replace(nbsp, ' ')).toBe('120 $ / heure')
    expect(formatAdPrice({ price: 49.5, priceUnit: 'per_set' }).replace(nbsp, ' ')).toBe('49,50 $ / série')
    expect(formatPostedDate('2026-11-22T12:00:00Z', false)).toBe('22 nov. 2026')
    await setLanguage('en')
    expect(formatAdPrice({ price: 120, priceUnit: 'per_hour' })).toBe('$120 / hour')
  })

  it('writes a single item’s price as the price alone, "$40", never "$40 / unit"', async () => {
    expect(formatAdPrice({ price: 40, priceUnit: 'per_unit' })).toBe('$40')
    await setLanguage('fr')
    expect(formatAdPrice({ price: 40, priceUnit: 'per_unit' }).replace(/\s/g, ' ')).toBe('40 $')
    await setLanguage('en')
  })

  it('asks the API for answers in the active language', async () => {
    const fetchMock = vi.fn<typeof fetch>(async () => Response.json({}))
    vi.stubGlobal('fetch', fetchMock)
    await setLanguage('fr')
    await http.get('/meta/provinces')
    const headers = fetchMock.mock.calls.at(-1)?.[1]?.headers as Record<string, string>
    expect(headers['Accept-Language']).toBe('fr-CA')
  })
})

describe('server renders in two languages at once', () => {
  afterEach(() => readRenderLanguageFrom(() => undefined))

  it('gives each render its own language, behind aliases too, without switching the live texts', async () => {
    await Promise.all([loadRenderTexts('fr'), loadRenderTexts('en')])
    // what an AsyncLocalStorage gives each render on the server (services/pages/page-renderer.ts)
    let rendering: 'en' | 'fr' | undefined
    readRenderLanguageFrom(() => rendering)
    const read = (lang: 'en' | 'fr') => {
      rendering = lang
      return {
        language: language(),
        contact: listingAlias.contactForPrice,
        wallet: msgPayments.wallet.title,
        price: formatAdPrice({ price: 120, priceUnit: 'per_hour' }).replace(/\s/g, ' '),
      }
    }
    expect(read('fr')).toEqual({
      language: 'fr',
      contact: 'Prix sur demande',
      wallet: 'Portefeuille',
      price: '120 $ / heure',
    })
    expect(read('en')).toEqual({
      language: 'en',
      contact: en.listing.contactForPrice,
      wallet: 'Wallet',
      price: '$120 / hour',
    })
    rendering = undefined
    // the browser's live catalog, untouched by the renders
    expect(language()).toBe('en')
    expect(msg).toEqual(en)
  })
})

describe('the page around the app', () => {
  it("links the manifest of the app's language, so an app installed from the page speaks it", async () => {
    const link = document.createElement('link')
    link.rel = 'manifest'
    link.href = '/manifest.webmanifest'
    document.head.append(link)
    try {
      await setLanguage('fr')
      expect(link.getAttribute('href')).toBe('/manifest.fr.webmanifest')
      await setLanguage('en')
      expect(link.getAttribute('href')).toBe('/manifest.webmanifest')
    } finally {
      link.remove()
    }
  })
})

describe('the language of a first visit', () => {
  it('keeps a remembered choice over the browser language', () => {
    expect(preferredLanguage('en', ['fr-CA'])).toBe('en')
    expect(preferredLanguage('fr', ['en-US'])).toBe('fr')
  })

  it('follows the browser language when nothing is remembered, English otherwise', () => {
    expect(preferredLanguage(null, ['fr-CA', 'en'])).toBe('fr')
    expect(preferredLanguage(undefined, ['FR'])).toBe('fr')
    expect(preferredLanguage(null, ['de-DE', 'en-CA'])).toBe('en')
    expect(preferredLanguage(null, ['es'])).toBe('en')
    expect(preferredLanguage('xx', [])).toBe('en')
  })

  it("is French on a page of Quebec's ads, as the server draws it, unless the device chose English", () => {
    expect(preferredLanguage(null, ['en-CA'], '/ca/QC')).toBe('fr')
    expect(preferredLanguage(null, ['en-CA'], '/ca/QC/adult-buy-sell')).toBe('fr')
    expect(preferredLanguage(null, ['en-CA'], '/ca/qc/adult-buy-sell/abcdefghijkl-lace')).toBe('fr')
    expect(preferredLanguage('en', ['en-CA'], '/ca/QC/adult-buy-sell')).toBe('en')
    expect(preferredLanguage(null, ['en-CA'], '/ca/ON/adult-buy-sell')).toBe('en')
    expect(preferredLanguage(null, ['en-CA'], '/ca/QCX')).toBe('en')
  })
})
