import { describe, expect, it } from 'vitest'
import { hasContactDetails } from './ad-facts.ts'

describe('contact details', () => {
  it('counts a contact with only blank fields as no contact details', () => {
    expect(hasContactDetails(null)).toBe(false)
    expect(hasContactDetails({ phone: ' ', email: '', website: '', handle: '' })).toBe(false)
    expect(hasContactDetails({ phone: '', email: 'a@b.ca', website: '', handle: '' })).toBe(true)
  })
})
