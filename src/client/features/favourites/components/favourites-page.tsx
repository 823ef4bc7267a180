import { HeartIcon, MapPinIcon } from 'lucide-react'
import { useEffect, useId, useState } from 'react'
import { FavouriteButton } from '#client/components/ui/favourite-button.tsx'
import type { FavouriteRecord } from '#client/db/database.ts'
import { type RecentAd, readRecentAds } from '#client/db/recent-ads.ts'
import { msg } from '#client/i18n/messages.ts'
import { formatAdPrice, formatPlace } from '#client/lib/ad-format.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { useFavouritesVersion } from '#client/lib/favourites/favourite-state.ts'
import { adPath } from '#domain/ad-path.ts'
import type { PublicAd } from '#domain/api/ads.ts'

const m = msg.favourites

/** An object URL for the kept photo while the item is shown; the photo's own address otherwise. */
function usePhotoUrl(photo: Blob | undefined, ad: PublicAd | null): string | undefined {
  const [url, setUrl] = useState<string | undefined>(undefined)
  useEffect(() => {
    if (!photo) return setUrl(undefined)
    const objectUrl = URL.createObjectURL(photo)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [photo])
  return url ?? (ad ? (ad.photos[0]?.src ?? adImage(ad)) : undefined)
}

interface ItemProps {
  adId: string
  ad: PublicAd | null
  photo: Blob | undefined
  /** why the ad is marked, when it is no longer listed */
  mark?: string | undefined
  heart: boolean
}

function Item({ adId, ad, photo, mark, heart }: ItemProps) {
  const src = usePhotoUrl(photo, ad)
  return (
    <li
      data-testid="favourite-item"
      data-ad-id={adId}
      className="relative flex gap-3 rounded-xl border border-border bg-card p-3 shadow-sm"
    >
      <div className="size-20 shrink-0 overflow-hidden rounded-lg bg-muted sm:size-24">
        {src && <img src={src} alt="" width={96} height={96} className="size-full object-cover" />}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h3 className="line-clamp-2 text-sm font-semibold wrap-anywhere sm:text-base">
          {ad ? (
            <a href={adPath(ad)} className="outline-none hover:underline focus-visible:underline">
              {ad.title}
            </a>
          ) : (
            m.gone
          )}
        </h3>
        {ad && <p className="text-sm font-bold text-primary">{formatAdPrice(ad)}</p>}
        {ad && (
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">{formatPlace(ad.city, ad.province)}</span>
          </p>
        )}
        {mark && (
          <p className="w-fit rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-200">
            {mark}
          </p>
        )}
      </div>
      {heart && ad && <FavouriteButton ad={ad} look="icon" className="self-start" />}
    </li>
  )
}

function favouriteMark(record: FavouriteRecord): string | undefined {
  if (record.gone || record.ad === null) return m.notListed
  if (record.listed) return undefined
  const expired = record.ad.expiresAt !== null && Date.parse(record.ad.expiresAt) <= Date.now()
  return expired ? m.expired : m.notListed
}

/** /favourites: the device's (or the account's) favourites, then the last ads opened here; both offline. */
export function FavouritesPage() {
  const id = useId()
  const version = useFavouritesVersion()
  const [favourites, setFavourites] = useState<FavouriteRecord[] | undefined>(undefined)
  const [recent, setRecent] = useState<RecentAd[] | undefined>(undefined)

  useEffect(() => {
    void import('#client/lib/favourites/favourites-sync.ts').then((sync) => sync.refreshFavourites())
  }, [])

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read whenever the device's lists change
  useEffect(() => {
    let live = true
    void import('#client/lib/favourites/favourites-sync.ts').then(async (sync) => {
      const kept = await sync.readFavourites()
      if (!live) return
      setFavourites(kept)
      setRecent(readRecentAds())
    })
    return () => {
      live = false
    }
  }, [version])

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight">
        <HeartIcon aria-hidden="true" className="size-6 text-rose-500" />
        {m.title}
      </h1>
      <p className="mt-2 text-sm text-muted-foreground">{m.intro}</p>

      <section aria-labelledby={`${id}-kept`} className="mt-6">
        <h2 id={`${id}-kept`} className="sr-only">
          {m.title}
        </h2>
        {favourites && favourites.length === 0 && <p className="text-sm text-muted-foreground">{m.empty}</p>}
        <ul data-testid="favourites-list" className="flex flex-col gap-3">
          {favourites?.map((record) => (
            <Item
              key={record.adId}
              adId={record.adId}
              ad={record.ad}
              photo={record.photo}
              mark={favouriteMark(record)}
              heart
            />
          ))}
        </ul>
      </section>

      <section aria-labelledby={`${id}-recent`} className="mt-10">
        <h2 id={`${id}-recent`} className="text-xl font-semibold tracking-tight">
          {m.recentTitle}
        </h2>
        {recent && recent.length === 0 && (
          <p className="mt-2 text-sm text-muted-foreground">{m.recentEmpty}</p>
        )}
        <ul data-testid="recent-list" className="mt-3 flex flex-col gap-3">
          {recent?.map((record) => (
            <Item key={record.ad.id} adId={record.ad.id} ad={record.ad} photo={undefined} heart={false} />
          ))}
        </ul>
      </section>
    </div>
  )
}
