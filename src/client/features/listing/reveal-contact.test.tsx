import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '#client/i18n/en.ts'
import { RevealContact } from './reveal-contact.tsx'

const m = en.adDialog

afterEach(cleanup)

function shownCode(): string {
  return screen.getByTestId('reveal-code').querySelector('[aria-hidden="true"]')?.textContent ?? ''
}

describe('the reveal-contact flow', () => {
  it('hides the contact until the shown code is typed, in lower case and with spaces', async () => {
    const user = userEvent.setup()
    render(<RevealContact contact={{ phone: '416-555-0199', email: 'a@b.ca', website: '', handle: '' }} />)
    expect(screen.queryByText('416-555-0199')).toBeNull()

    await user.click(screen.getByRole('button', { name: m.reveal }))
    const code = shownCode()
    expect(code).toMatch(/^[A-Z0-9]{5}$/)
    const input = screen.getByLabelText(m.codeInputLabel)
    expect(document.activeElement).toBe(input)

    await user.type(input, `  ${code.toLowerCase()} `)
    await user.click(screen.getByRole('button', { name: m.codeSubmit }))
    expect(screen.getByText('416-555-0199').closest('a')?.getAttribute('href')).toBe('tel:416-555-0199')
    expect(screen.getByText('a@b.ca')).toBeTruthy()
    expect(screen.queryByLabelText(m.codeInputLabel)).toBeNull()
  })

  it('shows an error and a new code after a wrong code, and no contact', async () => {
    const user = userEvent.setup()
    render(<RevealContact contact={{ phone: '416-555-0199', email: '', website: '', handle: '' }} />)
    await user.click(screen.getByRole('button', { name: m.reveal }))
    const first = shownCode()

    await user.type(screen.getByLabelText(m.codeInputLabel), 'WRONG{Enter}')
    expect(screen.getByRole('alert').textContent).toBe(m.wrongCode)
    expect(screen.queryByText('416-555-0199')).toBeNull()
    const input = screen.getByLabelText(m.codeInputLabel) as HTMLInputElement
    expect(input.value).toBe('')
    // a new code is drawn (the same one again has a 1 in 29^5 chance)
    expect(shownCode()).toMatch(/^[A-Z0-9]{5}$/)
    expect(shownCode()).not.toBe(first)

    await user.type(input, `${shownCode()}{Enter}`)
    expect(screen.getByText('416-555-0199')).toBeTruthy()
  })

  it('says so plainly when a generated ad has no contact details', async () => {
    const user = userEvent.setup()
    render(<RevealContact contact={null} />)
    await user.click(screen.getByRole('button', { name: m.reveal }))
    await user.type(screen.getByLabelText(m.codeInputLabel), `${shownCode()}{Enter}`)
    expect(screen.getByText(m.noContact)).toBeTruthy()
  })

  it('links only http(s) websites and names the handle platform', async () => {
    const user = userEvent.setup()
    render(
      <RevealContact
        contact={{ phone: '', email: '', website: 'javascript:alert(1)', handle: '@maple' }}
        platform="instagram"
      />,
    )
    await user.click(screen.getByRole('button', { name: m.reveal }))
    await user.type(screen.getByLabelText(m.codeInputLabel), `${shownCode()}{Enter}`)
    expect(screen.getByText('javascript:alert(1)').closest('a')).toBeNull()
    expect(screen.getByText('@maple').textContent).toContain('(Instagram)')
  })
})
