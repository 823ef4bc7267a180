import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { installFetchMock } from '#tests/support/fetch-mock.ts'
import { checkBackend, resetBackendReachability, useBackendReachable } from './backend-reachability.ts'
import { useOnline } from './use-online.ts'

function setOnline(value: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(value)
  window.dispatchEvent(new Event(value ? 'online' : 'offline'))
}

const fetchMock = installFetchMock()

beforeEach(() => {
  resetBackendReachability()
})
afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

describe('useOnline', () => {
  it('follows the browser going offline and back online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    const { result } = renderHook(() => useOnline())
    expect(result.current).toBe(true)
    act(() => setOnline(false))
    expect(result.current).toBe(false)
    act(() => setOnline(true))
    expect(result.current).toBe(true)
  })
})

describe('backend reachability', () => {
  it('is true after the API root answers and asks GET /api/ once for many components', async () => {
    fetchMock.mockImplementation(async () => new Response('{"status":"ok"}', { status: 200 }))
    const first = renderHook(() => useBackendReachable())
    const second = renderHook(() => useBackendReachable())
    expect(first.result.current).toBeUndefined()
    await waitFor(() => expect(first.result.current).toBe(true))
    expect(second.result.current).toBe(true)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/')
  })

  it('is false when the request fails or the server answers with an error', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    await expect(checkBackend()).resolves.toBe(false)
    fetchMock.mockResolvedValueOnce(new Response('', { status: 503 }))
    await expect(checkBackend()).resolves.toBe(false)
  })

  it('checks again when the device comes back online', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const { result } = renderHook(() => useBackendReachable())
    await waitFor(() => expect(result.current).toBe(false))
    fetchMock.mockImplementation(async () => new Response('{}', { status: 200 }))
    act(() => setOnline(true))
    await waitFor(() => expect(result.current).toBe(true))
  })
})
