import { HeartIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { toggleFavourite, useIsFavourite } from '#client/lib/favourites/favourite-state.ts'
import type { PublicAd } from '#domain/api/ads.ts'

const m = msg.favourites

interface FavouriteButtonProps {
  ad: PublicAd
  className?: string
  /** 'icon' on a card's photo; 'labelled' in the ad dialog and on the ad page */
  look?: 'icon' | 'labelled'
}

/**
 * The heart: a toggle button (aria-pressed) named "Favourite" in either state, as a toggle's name
 * stays while its state changes. Drawn unpressed on the server and while the page is adopted
 * (favourite-state.ts).
 */
export function FavouriteButton({ ad, className, look = 'icon' }: FavouriteButtonProps) {
  const pressed = useIsFavourite(ad.id)
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={look === 'icon' ? m.button : undefined}
      title={pressed ? m.saved : m.button}
      data-testid="favourite-button"
      onClick={(event) => {
        event.preventDefault()
        event.stopPropagation()
        toggleFavourite(ad)
      }}
      className={cn(
        'inline-flex items-center justify-center gap-1.5 rounded-full outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
        look === 'icon'
          ? 'size-9 bg-black/55 text-white hover:bg-black/70'
          : 'h-9 border border-border bg-background px-3 text-sm font-medium hover:bg-muted',
        className,
      )}
    >
      <HeartIcon aria-hidden="true" className={cn('size-5', pressed && 'fill-rose-500 text-rose-500')} />
      {look === 'labelled' && <span>{m.button}</span>}
    </button>
  )
}
