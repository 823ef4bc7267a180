import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import { cleanup, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { OwnAd } from '#domain/api/ads.ts'
import { renderRoutes } from '#tests/support/client-render.tsx'
import { OwnAdRow } from './own-ad-row.tsx'

const DAY_MS = 86_400_000

function ownAd(status: OwnAd['status'], endsInDays: number): OwnAd {
  const iso = (ms: number) => new Date(Date.now() + ms).toISOString()
  return {
    id: 'abc123def456',
    title: 'Vintage silk robe',
    category: 'adult-buy-sell',
    escortType: null,
    province: 'QC',
    city: 'Montréal',
    price: 45,
    priceUnit: 'per_unit',
    description: 'Barely worn',
    images: [],
    photos: [],
    videos: [],
    photosUnderReview: 0,
    verified: false,
    demo: false,
    hasContact: true,
    postedAt: iso(-DAY_MS),
    bumpedAt: null,
    updatedAt: iso(-DAY_MS),
    expiresAt: iso(endsInDays * DAY_MS),
    availableUntil: null,
    tours: [],
    status,
    contact: { phone: '', email: 'seller@example.com', website: '', handle: '' },
    contactPlatform: null,
    createdAt: iso(-DAY_MS),
    removalReason: null,
    hold: null,
    photoReviews: [],
    mediaIds: { images: [], videos: [] },
    keptBy: 0,
  }
}

function renderRow(ad: OwnAd) {
  const root = createRootRoute({ component: Outlet })
  const manage = createRoute({
    getParentRoute: () => root,
    path: '/manage',
    component: () => (
      <ul>
        <OwnAdRow ad={ad} onDelete={() => {}} onAppeal={() => {}} />
      </ul>
    ),
  })
  const checkout = createRoute({ getParentRoute: () => root, path: '/checkout' })
  return renderRoutes(root.addChildren([manage, checkout]), '/manage')
}

const renewLink = () => screen.queryByRole('link', { name: /^Renew Vintage silk robe/ })

describe('renewing from the owner’s list', () => {
  afterEach(cleanup)

  it('offers a live ad in its last 3 days a renewal at checkout', async () => {
    renderRow(ownAd('live', 2))
    const link = await screen.findByRole('link', { name: /^Renew Vintage silk robe/ })
    expect(link.getAttribute('href')).toBe('/checkout?type=post&adId=abc123def456')
  })

  it('offers none to a live ad with more than 3 days left', async () => {
    renderRow(ownAd('live', 10))
    await screen.findByText('Vintage silk robe')
    expect(renewLink()).toBeNull()
  })

  it('offers one to an ad ended 5 days ago, and none to one ended 40 days ago', async () => {
    renderRow(ownAd('expired', -5))
    expect(await screen.findByRole('link', { name: /^Renew Vintage silk robe/ })).toBeTruthy()
    cleanup()
    renderRow(ownAd('expired', -40))
    await screen.findByText('Vintage silk robe')
    expect(renewLink()).toBeNull()
  })
})
