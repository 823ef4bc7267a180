import type { PublicAd } from '#domain/api/ads.ts'
import { AdCard } from './ad-card.tsx'

export interface AdGridProps {
  ads: readonly PublicAd[]
  /** ids of the signed-in user's own ads, badged "Your ad" */
  ownIds: ReadonlySet<string>
  onOpen: (ad: PublicAd) => void
  /** a card is pointed at or focused: a click may follow */
  onIntent?: () => void
}

/** 2 columns on phones, 3 on tablets, 4 on wide screens (grid 2 to 4 columns). */
export function AdGrid({ ads, ownIds, onOpen, onIntent }: AdGridProps) {
  return (
    <ul className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-3 xl:grid-cols-4" data-testid="ad-grid">
      {ads.map((ad, i) => (
        <li key={ad.id} className="min-w-0">
          <AdCard
            ad={ad}
            own={ownIds.has(ad.id)}
            eager={i < 4}
            // the first row on a phone (2 columns)
            priority={i < 2}
            onOpen={onOpen}
            onIntent={onIntent}
          />
        </li>
      ))}
    </ul>
  )
}
