// For unit tests of the payment flow: the answers the API gives to POST /ads, POST /wallet/pay and
// POST /moderation/check, as a fetch. The server side of each is tested in tests/api.
import type { OwnAd } from '#domain/api/ads.ts'
import { json } from './fetch-mock.ts'

export const SERVER_AD_ID = 'srvad0000001'

function createdAd(body: Record<string, unknown>): OwnAd {
  const now = '2026-11-21T15:00:00.000Z'
  return {
    id: SERVER_AD_ID,
    title: String(body.title),
    category: 'adult-buy-sell',
    escortType: null,
    province: 'ON',
    city: String(body.city),
    price: Number(body.price),
    priceUnit: 'per_unit',
    description: String(body.description ?? ''),
    images: [],
    photos: [],
    videos: [],
    photosUnderReview: 0,
    verified: false,
    demo: false,
    hasContact: true,
    postedAt: null,
    bumpedAt: null,
    updatedAt: now,
    expiresAt: null,
    availableUntil: null,
    tours: [],
    status: 'pending_payment',
    contact: { phone: '', email: '', website: '', handle: '' },
    contactPlatform: null,
    createdAt: now,
    removalReason: null,
    hold: null,
    photoReviews: [],
    mediaIds: { images: [], videos: [] },
  }
}

export function walletPaid(type: 'post' | 'bump', listingId: string, balance = 8): Response {
  return json(200, {
    ok: true,
    transaction: {
      id: 'tx-1',
      type,
      amount_cad: type === 'post' ? 2 : 1,
      method: 'wallet',
      status: 'completed',
      listing_id: listingId,
      created_at: '2026-11-21T15:00:00.000Z',
    },
    balance_cad: balance,
  })
}

/** A fetch answering like the API when everything goes well; `override` may answer a path first. */
export function happyApi(override?: (path: string, body: Record<string, unknown>) => Response | undefined) {
  return async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const path = new URL(String(input), 'http://localhost').pathname
    const body = JSON.parse(typeof init?.body === 'string' ? init.body : '{}') as Record<string, unknown>
    const overridden = override?.(path, body)
    if (overridden) return overridden
    if (path.endsWith('/ads') && init?.method === 'POST') return json(201, createdAd(body))
    if (path.endsWith('/wallet/pay'))
      return walletPaid(body.type === 'bump' ? 'bump' : 'post', String(body.listingId))
    if (path.endsWith('/moderation/check'))
      return json(200, { ok: true, matches: [], fields: { title: [], description: [] } })
    return json(404, { detail: 'Not found' })
  }
}
