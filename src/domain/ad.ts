// The shape of an ad as the app's screens and rules read it (a price label, the edit form, the stock
// picture) and as the server's demo generator writes one. Ads themselves live on the server
// (docs/decisions/010-ads-on-the-server.md); the API's payloads are in api/ads.ts.
import type { CategoryKey, CompanionType } from './categories.ts'
import type { ContactPlatform, PriceUnit } from './constants.ts'
import type { ProvinceCode } from './provinces.ts'

export interface Contact {
  phone: string
  email: string
  website: string
  handle: string
}

export interface Ad {
  id: string
  title: string
  category: CategoryKey
  /** only adult-services ads have one */
  escortType?: CompanionType | null
  province: ProvinceCode
  city: string
  // The asking price in CAD dollars as the spec has it (0 means 'Contact for price'). It is a label
  // the seller types, never money the app moves, so it stays in the spec's unit.
  price: number
  priceUnit: PriceUnit
  description: string
  images: string[]
  videos: string[]
  verified: boolean
  /** ISO 8601 */
  postedAt: string
  contact: Contact | null
  contactPlatform?: ContactPlatform
  updatedAt?: string
  bumpedAt?: string
}
