import { QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest'
import type { ProvinceOrAll } from '#domain/provinces.ts'
import { noRetryQueryClient } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { useCityOptions } from './use-city-options.ts'

function wrapper() {
  const client = noRetryQueryClient()
  return ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  )
}

function requestedUrls(fetchMock: Mock<typeof fetch>): URL[] {
  return fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost'))
}

describe('useCityOptions', () => {
  const fetchMock = installFetchMock(async (url) => {
    const q = new URL(String(url), 'http://localhost').searchParams.get('q') ?? ''
    const names = ['Toronto', 'Ottawa', 'Orillia'].filter((n) => n.toLowerCase().startsWith(q.toLowerCase()))
    return json(200, { items: names.map((name) => ({ name })) })
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  it('loads the cities of the province with the fetch limit', async () => {
    const { result } = renderHook(() => useCityOptions('ON'), { wrapper: wrapper() })
    await waitFor(() => expect(result.current.cities).toHaveLength(3))
    const [url] = requestedUrls(fetchMock)
    expect(url?.pathname).toBe('/api/meta/cities')
    expect(url?.searchParams.get('province')).toBe('ON')
    expect(url?.searchParams.get('limit')).toBe('1000')
  })

  it('sends the typed filter only after 250 ms without typing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { result } = renderHook(() => useCityOptions('ON'), { wrapper: wrapper() })
    await waitFor(() => expect(result.current.cities).toHaveLength(3))
    act(() => result.current.setFilter('o'))
    act(() => vi.advanceTimersByTime(100))
    act(() => result.current.setFilter('or'))
    act(() => vi.advanceTimersByTime(249))
    expect(requestedUrls(fetchMock).map((u) => u.searchParams.get('q'))).toEqual([null])
    act(() => vi.advanceTimersByTime(1))
    await waitFor(() => expect(result.current.cities).toEqual([{ name: 'Orillia' }]))
    expect(requestedUrls(fetchMock).map((u) => u.searchParams.get('q'))).toEqual([null, 'or'])
  })

  it('resets the filter and reloads when the province changes', async () => {
    const { result, rerender } = renderHook(
      ({ province }: { province: ProvinceOrAll }) => useCityOptions(province),
      {
        wrapper: wrapper(),
        initialProps: { province: 'ON' },
      },
    )
    act(() => result.current.setFilter('tor'))
    expect(result.current.filter).toBe('tor')
    rerender({ province: 'BC' })
    expect(result.current.filter).toBe('')
    await waitFor(() =>
      expect(requestedUrls(fetchMock).some((u) => u.searchParams.get('province') === 'BC')).toBe(true),
    )
    expect(requestedUrls(fetchMock).every((u) => u.searchParams.get('q') === null)).toBe(true)
  })

  it('empties the list silently when the request fails', async () => {
    fetchMock.mockImplementation(async () => new Response('{"detail":"boom"}', { status: 500 }))
    const { result } = renderHook(() => useCityOptions('ON'), { wrapper: wrapper() })
    await waitFor(() => expect(result.current.loading).toBe(false))
    expect(result.current.cities).toEqual([])
  })

  it('does not fetch until enabled', () => {
    renderHook(() => useCityOptions('ON', false), { wrapper: wrapper() })
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
