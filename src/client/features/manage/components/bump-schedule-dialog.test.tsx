import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { enManage } from '#client/i18n/en-post.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import type { BumpSchedule } from '#domain/api/bump-schedules.ts'
import { renderWithQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { BumpScheduleDialog } from './bump-schedule-dialog.tsx'

const t = enManage.schedule
const fetchMock = installFetchMock()
const AD = { id: 'abcdefabcdef', title: 'Vintage lamp' }
const MOMENT = '2999-01-01T14:00:00.000Z'

const answer = (next: string[]): BumpSchedule => ({
  adId: AD.id,
  next,
  timeZone: null,
  times: null,
  days: null,
  feeCad: 1,
})

function calls(method: string) {
  return fetchMock.mock.calls.filter(
    ([url, init]) =>
      String(url).endsWith(`/ads/${AD.id}/bump-schedule`) && (init?.method ?? 'GET') === method,
  )
}

afterEach(() => cleanup())

describe('the Schedule bumps dialog', () => {
  it('shows the next moments, saves times of day in the device’s zone, and cancels', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) => {
      if (init?.method === 'PUT') return json(200, answer([MOMENT]))
      if (init?.method === 'DELETE') return json(200, answer([]))
      return json(200, answer([]))
    })
    renderWithQueryClient(<BumpScheduleDialog ad={AD} onClose={() => {}} />)
    expect(await screen.findByText(t.none)).toBeTruthy()
    await user.click(screen.getByRole('button', { name: t.save }))
    expect(await screen.findByText(formatPostedDate(MOMENT))).toBeTruthy()
    const [, init] = calls('PUT')[0] ?? []
    const body = JSON.parse(String(init?.body))
    expect(body).toEqual({
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
      times: ['09:00'],
      days: 1,
    })
    await user.click(screen.getByRole('button', { name: t.cancelSchedule }))
    expect(await screen.findByText(t.none)).toBeTruthy()
    expect(calls('DELETE')).toHaveLength(1)
  })

  it('shows the server’s refusal where the times are chosen', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) =>
      init?.method === 'PUT'
        ? json(400, { detail: 'Those times have all passed for today', code: 'bump_schedule.nothing_left' })
        : json(200, answer([])),
    )
    renderWithQueryClient(<BumpScheduleDialog ad={AD} onClose={() => {}} />)
    await screen.findByText(t.none)
    await user.click(screen.getByRole('button', { name: t.save }))
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('passed for today'))
  })

  it('saves a list of chosen dates and times as the instants they name on the device', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (_url, init) =>
      json(200, answer(init?.method === 'PUT' ? [MOMENT] : [])),
    )
    renderWithQueryClient(<BumpScheduleDialog ad={AD} onClose={() => {}} />)
    await screen.findByText(t.none)
    await user.click(screen.getByRole('radio', { name: t.modeMoments }))
    // an empty moment is refused before any request
    await user.click(screen.getByRole('button', { name: t.save }))
    expect(screen.getByRole('alert').textContent).toBe(t.momentRequired)
    fireEvent.change(screen.getByLabelText('Date and time 1'), { target: { value: '2999-01-01T09:30' } })
    await user.click(screen.getByRole('button', { name: t.addMoment }))
    fireEvent.change(screen.getByLabelText('Date and time 2'), { target: { value: '2999-01-02T21:00' } })
    await user.click(screen.getByRole('button', { name: t.save }))
    await screen.findByText(formatPostedDate(MOMENT))
    const [, init] = calls('PUT')[0] ?? []
    expect(JSON.parse(String(init?.body))).toEqual({
      moments: [new Date('2999-01-01T09:30').toISOString(), new Date('2999-01-02T21:00').toISOString()],
    })
  })
})
