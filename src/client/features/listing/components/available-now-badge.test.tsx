import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { AvailableNowBadge } from './available-now-badge.tsx'

describe('the Available now badge', () => {
  afterEach(cleanup)

  it('shows while the moment is ahead', () => {
    render(<AvailableNowBadge availableUntil={new Date(Date.now() + 60_000).toISOString()} />)
    expect(screen.getByTestId('available-now').textContent).toBe('Available now')
  })

  it('is gone once the moment has passed, even in an answer kept from before', () => {
    render(<AvailableNowBadge availableUntil={new Date(Date.now() - 1_000).toISOString()} />)
    expect(screen.queryByTestId('available-now')).toBeNull()
  })

  it('is gone when the ad is not available', () => {
    render(<AvailableNowBadge availableUntil={null} />)
    expect(screen.queryByTestId('available-now')).toBeNull()
  })
})
