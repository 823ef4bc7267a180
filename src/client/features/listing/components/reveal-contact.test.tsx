import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { en } from '#client/i18n/en.ts'
import type { AdReveal } from '#domain/api/ads.ts'
import { installFetchMock } from '#tests/support/fetch-mock.ts'
import { RevealContact } from './reveal-contact.tsx'

const m = en.adDialog
const fetchMock = installFetchMock()
const AD_ID = 'abcdefabcdef'

/** The server's answer to POST /ads/{id}/reveal. */
function serverReveals(
  contact: Partial<AdReveal['contact']>,
  contactPlatform: AdReveal['contactPlatform'] = null,
) {
  const body = { contact: { phone: '', email: '', website: '', handle: '', ...contact }, contactPlatform }
  fetchMock.mockImplementation(async () => Response.json(body))
}

function revealCalls(): number {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/ads/${AD_ID}/reveal`)).length
}

afterEach(() => {
  cleanup()
})

function shownCode(): string {
  return screen.getByTestId('reveal-code').querySelector('[aria-hidden="true"]')?.textContent ?? ''
}

describe('the reveal-contact flow', () => {
  it('hides the contact until the shown code is typed, in lower case and with spaces', async () => {
    const user = userEvent.setup()
    serverReveals({ phone: '416-555-0199', email: 'a@b.ca' })
    render(<RevealContact adId={AD_ID} hasContact />)
    expect(screen.queryByText('416-555-0199')).toBeNull()

    await user.click(screen.getByRole('button', { name: m.reveal }))
    const code = shownCode()
    expect(code).toMatch(/^[A-Z0-9]{5}$/)
    const input = screen.getByLabelText(m.codeInputLabel)
    expect(document.activeElement).toBe(input)

    await user.type(input, `  ${code.toLowerCase()} `)
    expect(revealCalls()).toBe(0)
    await user.click(screen.getByRole('button', { name: m.codeSubmit }))
    expect((await screen.findByText('416-555-0199')).closest('a')?.getAttribute('href')).toBe(
      'tel:416-555-0199',
    )
    expect(screen.getByText('a@b.ca')).toBeTruthy()
    expect(screen.queryByLabelText(m.codeInputLabel)).toBeNull()
    expect(revealCalls()).toBe(1)
  })

  it('shows an error and a new code after a wrong code, and no contact', async () => {
    const user = userEvent.setup()
    serverReveals({ phone: '416-555-0199' })
    render(<RevealContact adId={AD_ID} hasContact />)
    await user.click(screen.getByRole('button', { name: m.reveal }))
    const first = shownCode()

    await user.type(screen.getByLabelText(m.codeInputLabel), 'WRONG{Enter}')
    expect(screen.getByRole('alert').textContent).toBe(m.wrongCode)
    expect(screen.queryByText('416-555-0199')).toBeNull()
    expect(revealCalls()).toBe(0)
    const input = screen.getByLabelText(m.codeInputLabel) as HTMLInputElement
    expect(input.value).toBe('')
    // a new code is drawn (the same one again has a 1 in 29^5 chance)
    expect(shownCode()).toMatch(/^[A-Z0-9]{5}$/)
    expect(shownCode()).not.toBe(first)

    await user.type(input, `${shownCode()}{Enter}`)
    expect(await screen.findByText('416-555-0199')).toBeTruthy()
  })

  it('says so plainly when a demo ad has no contact details, without asking the server', async () => {
    const user = userEvent.setup()
    render(<RevealContact adId={AD_ID} hasContact={false} />)
    await user.click(screen.getByRole('button', { name: m.reveal }))
    await user.type(screen.getByLabelText(m.codeInputLabel), `${shownCode()}{Enter}`)
    expect(screen.getByText(m.noContact)).toBeTruthy()
    expect(revealCalls()).toBe(0)
  })

  it("shows the server's refusal (rate limit) and tries again on request", async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementationOnce(async () =>
      Response.json({ detail: 'Too many requests, slow down' }, { status: 429 }),
    )
    render(<RevealContact adId={AD_ID} hasContact />)
    await user.click(screen.getByRole('button', { name: m.reveal }))
    await user.type(screen.getByLabelText(m.codeInputLabel), `${shownCode()}{Enter}`)
    expect((await screen.findByRole('alert')).textContent).toContain('Too many requests, slow down')
    serverReveals({ phone: '416-555-0100' })
    await user.click(screen.getByRole('button', { name: m.revealRetry }))
    expect(await screen.findByText('416-555-0100')).toBeTruthy()
  })

  it('links only http(s) websites and names the handle platform', async () => {
    const user = userEvent.setup()
    serverReveals({ website: 'javascript:alert(1)', handle: '@maple' }, 'instagram')
    render(<RevealContact adId={AD_ID} hasContact />)
    await user.click(screen.getByRole('button', { name: m.reveal }))
    await user.type(screen.getByLabelText(m.codeInputLabel), `${shownCode()}{Enter}`)
    expect((await screen.findByText('javascript:alert(1)')).closest('a')).toBeNull()
    expect(screen.getByText('@maple').textContent).toContain('(Instagram)')
  })
})
