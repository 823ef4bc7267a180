// Facts about an ad's contact details, for the contact reveal.
import type { Contact } from './ad.ts'

/** True when the ad has any contact detail to show after the reveal check. */
export function hasContactDetails(contact: Contact | null): contact is Contact {
  return contact !== null && Object.values(contact).some((v) => v.trim() !== '')
}
