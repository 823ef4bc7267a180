// Facts about an ad that need no schema: kept apart from ad.ts so the listing's first view
// (generated ads, the contact reveal) does not load zod.
import type { Ad, Contact } from './ad.ts'

/** Generated (mock) ads carry this id prefix; the user's own ads never do. */
export const GENERATED_AD_ID_PREFIX = 'gen-'

export function isGeneratedAd(ad: Pick<Ad, 'id'>): boolean {
  return ad.id.startsWith(GENERATED_AD_ID_PREFIX)
}

/** True when the ad has any contact detail to show after the reveal check. */
export function hasContactDetails(contact: Contact | null): contact is Contact {
  return contact !== null && Object.values(contact).some((v) => v.trim() !== '')
}
