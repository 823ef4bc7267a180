import { cleanup, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { setAdminToken } from '#client/lib/session/session-store.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import type { LegalHold } from '#domain/api/legal-holds.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { LegalHoldsPanel } from './legal-holds-panel.tsx'

const fetchMock = installFetchMock()

const hold: LegalHold = {
  id: '11111111-1111-4111-8111-111111111111',
  adId: 'abcdefghijkl',
  adTitle: 'Evening company',
  accountId: '22222222-2222-4222-8222-222222222222',
  accountEmail: 'owner@example.com',
  reason: 'Underage report confirmed',
  externalReference: '',
  placedBy: 'boss',
  placedAt: '2026-11-28T10:00:00Z',
  keptUntil: '2027-11-28T10:00:00Z',
  releasedAt: null,
  releasedBy: null,
  releaseReason: null,
  items: 7,
  files: 1,
}

const sent = (method: string) => fetchMock.mock.calls.filter(([, init]) => init?.method === method)

beforeEach(() => {
  setAdminToken('adm-1')
  fetchMock.mockImplementation(async (_url, init) => {
    if (init?.method === 'PATCH') return json(200, { ...hold, externalReference: 'CTIP-1' })
    if (init?.method === 'POST') return json(200, { ...hold, releasedAt: '2026-11-29T10:00:00Z' })
    return json(200, { items: [hold] })
  })
})
afterEach(() => {
  cleanup()
  setAdminToken('')
  toastStore.set(toastsAtom, [])
})

describe('the legal holds panel', () => {
  it('lists a hold with its ad, account, reason and dates, and records a reference', async () => {
    renderWithQueryClient(<LegalHoldsPanel />)
    const entry = await screen.findByTestId('legal-hold')
    // the words people wrote sit in spans of their own (FilledText): read the entry's whole text
    expect(entry.textContent).toContain('Ad: Evening company (abcdefghijkl)')
    expect(entry.textContent).toContain('Account: owner@example.com')
    expect(entry.textContent).toContain('Reason: Underage report confirmed')
    expect(within(entry).getByText('External reference: not recorded yet')).toBeTruthy()
    await userEvent.type(within(entry).getByLabelText(/External report reference/), 'CTIP-1')
    await userEvent.click(within(entry).getByRole('button', { name: 'Record reference' }))
    expect(sent('PATCH')).toHaveLength(1)
    expect(JSON.parse(String(sent('PATCH')[0]?.[1]?.body))).toEqual({ externalReference: 'CTIP-1' })
  })

  it('releases only with a reason', async () => {
    renderWithQueryClient(<LegalHoldsPanel />)
    const entry = await screen.findByTestId('legal-hold')
    await userEvent.click(within(entry).getByRole('button', { name: 'Release' }))
    expect(sent('POST')).toHaveLength(0)
    await userEvent.type(within(entry).getByLabelText(/Reason for releasing/), 'File closed')
    await userEvent.click(within(entry).getByRole('button', { name: 'Release' }))
    expect(JSON.parse(String(sent('POST')[0]?.[1]?.body))).toEqual({ reason: 'File closed' })
  })
})
