import { BadgeCheckIcon, MapPinIcon } from 'lucide-react'
import { AdPhoto } from '#client/components/media/ad-photo.tsx'
import { MediaImage } from '#client/components/media/media-image.tsx'
import { PhotoUnderReview } from '#client/components/media/photo-under-review.tsx'
import { TourMarks } from '#client/components/tour-marks.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { FavouriteButton } from '#client/components/ui/favourite-button.tsx'
import { PostedTime } from '#client/components/ui/posted-time.tsx'
import { msg } from '#client/i18n/messages.ts'
import { formatAdPrice, formatPlace, listedAt } from '#client/lib/ad-format.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { adPath } from '#domain/ad-path.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { AvailableNowBadge } from './available-now-badge.tsx'

const m = msg.listing

export interface AdCardProps {
  ad: PublicAd
  own: boolean
  /** Images of the first row load at once (they are the page's largest paint); the rest lazily. */
  eager: boolean
  /** the first cards' photos are the page's largest paint: fetched before the other images */
  priority: boolean
  onOpen: (ad: PublicAd) => void
  onIntent?: (() => void) | undefined
}

export function AdCard({ ad, own, eager, priority, onOpen, onIntent }: AdCardProps) {
  // The title's link stretches over the whole card (its ::after), so the card is one big target while
  // screen readers still get a heading and a link named by the ad's title. The link is the ad's own page
  // (for search engines, a new tab, or no JavaScript); a plain click opens the dialog instead.
  return (
    <article className="group relative flex h-full flex-col overflow-hidden rounded-xl border border-border bg-card shadow-sm transition hover:-translate-y-0.5 hover:shadow-md focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2">
      <div className="relative aspect-[4/3] w-full overflow-hidden bg-muted">
        {ad.photos[0] ? (
          <AdPhoto
            photo={ad.photos[0]}
            alt=""
            // 2 columns on phones, 3 on tablets, 4 from xl (ad-grid.tsx)
            sizes="(min-width: 1280px) 25vw, (min-width: 768px) 33vw, 50vw"
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        ) : ad.photosUnderReview > 0 ? (
          <PhotoUnderReview />
        ) : (
          <MediaImage
            src={adImage(ad)}
            alt=""
            width={400}
            height={300}
            loading={eager ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className="size-full object-cover transition-transform duration-300 group-hover:scale-105"
          />
        )}
        <div className="absolute top-2 left-2 flex flex-wrap gap-1">
          {ad.verified && (
            <Badge variant="success">
              <BadgeCheckIcon aria-hidden="true" />
              {m.verified}
            </Badge>
          )}
          <AvailableNowBadge availableUntil={ad.availableUntil} />
          <TourMarks tours={ad.tours} />
          {own && <Badge>{m.yours}</Badge>}
          {ad.demo && <Badge variant="secondary">{m.demo}</Badge>}
        </div>
        {/* above the title link's stretched ::after, so a tap on it keeps the ad rather than opens it */}
        <FavouriteButton ad={ad} className="absolute top-2 right-2 z-10" />
      </div>
      <div className="flex flex-1 flex-col gap-1 p-3">
        <h2 className="line-clamp-2 text-sm font-semibold leading-snug wrap-anywhere sm:text-base">
          <a
            href={adPath(ad)}
            onPointerEnter={onIntent}
            onFocus={onIntent}
            onClick={(event) => {
              if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
                return
              event.preventDefault()
              onOpen(ad)
            }}
            className="text-left outline-none after:absolute after:inset-0 after:content-['']"
          >
            {ad.title}
          </a>
        </h2>
        <p data-testid="ad-price" className="text-sm font-bold text-primary">
          {formatAdPrice(ad)}
        </p>
        <p className="mt-auto flex items-center gap-1 pt-1 text-xs text-muted-foreground">
          <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
          <span className="truncate">{formatPlace(ad.city, ad.province)}</span>
        </p>
        <p className="text-xs text-muted-foreground">
          <PostedTime iso={listedAt(ad)} withTime={false} />
        </p>
      </div>
    </article>
  )
}
