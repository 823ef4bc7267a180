import { describe, expect, it } from 'vitest'
import { contactRows } from './contact-rows.ts'

describe('contactRows', () => {
  it('lists the filled details in order, trimmed, with their links, and leaves out the blank ones', () => {
    const rows = contactRows(
      { phone: ' 514-555-0100 ', email: '', website: 'https://example.ca', handle: 'kay' },
      'onlyfans',
    )
    expect(rows).toEqual([
      { field: 'phone', text: '514-555-0100', href: 'tel:514-555-0100', platform: null },
      { field: 'website', text: 'https://example.ca', href: 'https://example.ca/', platform: null },
      { field: 'handle', text: 'kay', href: null, platform: 'onlyfans' },
    ])
  })

  it('keeps a website that is no http(s) address as plain text, never a link', () => {
    const [row] = contactRows({ phone: '', email: '', website: 'javascript:alert(1)', handle: '' }, null)
    expect(row).toMatchObject({ field: 'website', text: 'javascript:alert(1)', href: null })
  })
})
