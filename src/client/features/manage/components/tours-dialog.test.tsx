import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { enManage } from '#client/i18n/en-post.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { ToursDialog } from './tours-dialog.tsx'

const t = enManage.tours
const fetchMock = installFetchMock()
const CALGARY = {
  province: 'AB' as const,
  city: 'Calgary',
  from: '2026-12-05',
  to: '2026-12-12',
  startsAt: '2026-12-05T07:00:00.000Z',
  endsAt: '2026-12-13T07:00:00.000Z',
}
const AD = { id: 'abcdefabcdef', title: 'Vintage lamp', province: 'QC' as const, tours: [CALGARY] }

function puts() {
  return fetchMock.mock.calls.filter(
    ([url, init]) => String(url).endsWith(`/ads/${AD.id}/tours`) && init?.method === 'PUT',
  )
}

afterEach(() => cleanup())

describe('the Touring dialog', () => {
  it('shows the visits, adds one and sends the whole list', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) =>
      json(init?.method === 'PUT' ? 422 : 200, { items: [] }),
    )
    renderWithQueryClient(<ToursDialog ad={AD} onClose={() => {}} />)
    expect((screen.getByLabelText(t.city) as HTMLInputElement).value).toBe('Calgary')
    await user.click(screen.getByRole('button', { name: t.add }))
    // an empty visit is refused before any request
    await user.click(screen.getByRole('button', { name: t.save }))
    expect(screen.getByRole('alert').textContent).toBe(t.incomplete)
    expect(puts()).toHaveLength(0)
    const cities = screen.getAllByLabelText(t.city)
    await user.type(cities[1] as HTMLElement, 'Québec')
    fireEvent.change(screen.getAllByLabelText(t.from)[1] as HTMLElement, { target: { value: '2026-12-20' } })
    fireEvent.change(screen.getAllByLabelText(t.to)[1] as HTMLElement, { target: { value: '2026-12-22' } })
    await user.click(screen.getByRole('button', { name: t.save }))
    await waitFor(() => expect(puts()).toHaveLength(1))
    expect(JSON.parse(String(puts()[0]?.[1]?.body))).toEqual([
      { province: 'AB', city: 'Calgary', from: '2026-12-05', to: '2026-12-12' },
      { province: 'QC', city: 'Québec', from: '2026-12-20', to: '2026-12-22' },
    ])
  })

  it('shows the server’s refusal in the dialog, and removing a visit sends the rest', async () => {
    const user = userEvent.setup()
    const onClose = vi.fn()
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? json(422, {
            detail: 'A visit lasts at most 14 days',
            code: 'ad.tour_too_long',
            params: { days: 14 },
          })
        : json(200, { items: [] }),
    )
    renderWithQueryClient(<ToursDialog ad={AD} onClose={onClose} />)
    await user.click(screen.getByRole('button', { name: t.save }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('14 days'))
    expect(onClose).not.toHaveBeenCalled()
    await user.click(screen.getByRole('button', { name: 'Remove visit 1' }))
    expect(screen.getByText(t.none)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: t.save }))
    await waitFor(() => expect(puts()).toHaveLength(2))
    expect(JSON.parse(String(puts()[1]?.[1]?.body))).toEqual([])
  })
})
