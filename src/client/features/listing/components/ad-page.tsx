import { useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { ArrowLeftIcon } from 'lucide-react'
import { PageHead } from '#client/components/layout/page-head.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { language, msg } from '#client/i18n/messages.ts'
import { categoryName, companionName, provinceLabel } from '#client/i18n/names.ts'
import { formatAdPrice } from '#client/lib/ad-format.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { adPath } from '#domain/ad-path.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import type { CategoryKey } from '#domain/categories.ts'
import { cityNameIn } from '#domain/french-names.ts'
import type { ProvinceOrAll } from '#domain/provinces.ts'
import { useAd } from '../api/get-ad.ts'
import { AdDetails } from './ad-details.tsx'

const m = msg.adPage

/** Search results and link previews show about this many characters of a description. */
const DESCRIPTION_PREVIEW = 150

function preview(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length <= DESCRIPTION_PREVIEW ? flat : `${flat.slice(0, DESCRIPTION_PREVIEW - 1).trimEnd()}…`
}

function AdHead({ ad }: { ad: PublicAd }) {
  const city = cityNameIn(ad.city, language())
  return (
    <PageHead
      // "Red corset – Montréal" already says where
      title={ad.title.toLowerCase().includes(city.toLowerCase()) ? ad.title : `${ad.title} · ${city}`}
      description={fill(m.metaDescription, {
        price: formatAdPrice(ad),
        city,
        province: provinceLabel(ad.province),
        description: preview(ad.description),
      })}
      canonicalPath={adPath(ad)}
      image={ad.photos[0]?.src ?? adImage(ad)}
      kind="article"
    />
  )
}

/**
 * An ad's own page, /ca/{province}/{category}/{id}-{slug}: what the listing's dialog shows, at a URL
 * people share and search engines index. Server-rendered with the ad inlined (src/client/entry-server.tsx).
 */
export function AdPage({
  adId,
  province,
  category,
}: {
  adId: string
  province: ProvinceOrAll
  category: CategoryKey
}) {
  const ad = useAd(useQueryClient(), adId)
  const listing = fill(msg.listing.heading, {
    category: ad.data?.escortType ? companionName(ad.data.escortType) : categoryName(category),
    place: provinceLabel(province),
  })
  const toListing = { to: '/ca/$province/$category', params: { province, category } } as const

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col px-4 py-6 sm:px-6 lg:py-8">
      <Link
        {...toListing}
        className="mb-4 inline-flex items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground"
      >
        <ArrowLeftIcon className="size-4" aria-hidden="true" />
        {fill(m.backTo, { listing })}
      </Link>

      {ad.data ? (
        <>
          <AdHead ad={ad.data} />
          <AdDetails ad={ad.data} />
        </>
      ) : ad.data === null ? (
        <section className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
          <PageHead title={m.goneTitle} description={m.goneText} canonicalPath="/" status={404} noindex />
          <h1 className="text-xl font-semibold">{m.goneTitle}</h1>
          <p className="mt-1 text-sm text-muted-foreground">{m.goneText}</p>
          <Button asChild variant="outline" className="mt-4">
            <Link {...toListing}>{fill(m.browse, { listing })}</Link>
          </Button>
        </section>
      ) : ad.isError ? (
        <section role="alert" className="rounded-xl border border-border px-6 py-16 text-center">
          <h1 className="text-xl font-semibold">{m.loadFailed}</h1>
          <Button variant="outline" className="mt-4" onClick={() => void ad.refetch()}>
            {m.retry}
          </Button>
        </section>
      ) : (
        <p role="status" className="py-16 text-center text-sm text-muted-foreground">
          {m.loading}
        </p>
      )}
    </div>
  )
}
