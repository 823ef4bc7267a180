// The contact details an ad shows once the typed code is accepted, in the order shown, trimmed, each
// with its link: one list that the app's reveal (src/client/features/listing/components/
// revealed-contact.tsx) and the server's page without the app (src/server/services/pages/ad-actions.ts)
// both draw, so the two cannot show a detail differently.
import type { Contact } from './ad.ts'
import type { ContactPlatform } from './constants.ts'

export interface ContactRow {
  field: 'phone' | 'email' | 'website' | 'handle'
  text: string
  /** tel:, mailto: or the website itself; null for a handle, or a website that is no http(s) URL */
  href: string | null
  /** the platform a handle is on */
  platform: ContactPlatform | null
}

/** Only http(s) addresses become links: a `javascript:` or `data:` URL typed by an advertiser stays text. */
function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

export function contactRows(contact: Contact, platform: ContactPlatform | null | undefined): ContactRow[] {
  const rows: ContactRow[] = []
  const phone = contact.phone.trim()
  const email = contact.email.trim()
  const website = contact.website.trim()
  const handle = contact.handle.trim()
  if (phone) rows.push({ field: 'phone', text: phone, href: `tel:${phone}`, platform: null })
  if (email) rows.push({ field: 'email', text: email, href: `mailto:${email}`, platform: null })
  if (website) rows.push({ field: 'website', text: website, href: safeWebsite(website), platform: null })
  if (handle) rows.push({ field: 'handle', text: handle, href: null, platform: platform ?? null })
  return rows
}
