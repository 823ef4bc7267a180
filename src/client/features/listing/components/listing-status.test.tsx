import type { UseQueryResult } from '@tanstack/react-query'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { AdList } from '#domain/api/ads.ts'
import { ListingStatus } from './listing-status.tsx'

function savedList(refetch: () => Promise<unknown>): UseQueryResult<AdList> {
  return {
    data: { items: [], total: 0, page: 1, pages: 1 },
    dataUpdatedAt: Date.parse('2026-11-20T15:00:00Z'),
    isRefetchError: true,
    isError: true,
    refetch,
  } as unknown as UseQueryResult<AdList>
}

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

describe('what the listing says about its saved results', () => {
  afterEach(() => {
    cleanup()
    vi.restoreAllMocks()
  })

  it('says the device is offline when it is', () => {
    setOnline(false)
    render(<ListingStatus list={savedList(vi.fn())} />)
    expect(screen.getByRole('status').textContent).toMatch(/You are offline: saved results from/)
    expect(screen.queryByRole('button')).toBeNull()
  })

  it('online, says the ads could not be refreshed, and asks again on Retry', () => {
    setOnline(true)
    const refetch = vi.fn(async () => undefined)
    render(<ListingStatus list={savedList(refetch)} />)
    expect(screen.getByRole('status').textContent).toMatch(/could not be refreshed: saved results from/)
    expect(screen.getByRole('status').textContent).not.toMatch(/offline/)
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(refetch).toHaveBeenCalledOnce()
  })
})
