import { BadgeCheckIcon, CalendarIcon, MapPinIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { AdPhoto } from '#client/components/media/ad-photo.tsx'
import { MediaImage } from '#client/components/media/media-image.tsx'
import { PhotoUnderReview } from '#client/components/media/photo-under-review.tsx'
import { TourMarks } from '#client/components/tour-marks.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { FavouriteButton } from '#client/components/ui/favourite-button.tsx'
import { PostedTime } from '#client/components/ui/posted-time.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { categoryName, companionName, provinceLabel } from '#client/i18n/names.ts'
import { formatAdPrice, formatPlace, listedAt } from '#client/lib/ad-format.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { cn } from '#client/lib/cn.ts'
import { AD_TITLE_TIMING } from '#client/lib/element-timing.ts'
import { useRecordView } from '#client/lib/favourites/favourite-state.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { useCountView } from '../api/count-view.ts'
import { AvailableNowBadge } from './available-now-badge.tsx'
import { ReportAd } from './report-ad.tsx'
import { RevealContact } from './reveal-contact.tsx'
import { ShareAd } from './share-ad.tsx'

const m = msg.adDialog

export interface HeadingParts {
  badges: ReactNode
  title: string
  facts: ReactNode
}

/** The ad's page: a plain h1 (the dialog brings Radix's labelled title, ad-dialog.tsx). */
function PageHeading({ badges, title, facts }: HeadingParts) {
  return (
    <header className="flex flex-col gap-2">
      {badges}
      <h1
        className="text-2xl font-bold leading-tight tracking-tight wrap-anywhere sm:text-3xl"
        elementtiming={AD_TITLE_TIMING}
      >
        {title}
      </h1>
      <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">{facts}</p>
    </header>
  )
}

function ContactHeading({ id, level, children }: { id: string; level: 2 | 3; children: ReactNode }) {
  const Tag = level === 2 ? 'h2' : 'h3'
  return (
    <Tag id={id} className="text-sm font-semibold">
      {children}
    </Tag>
  )
}

/**
 * An ad's photos, facts, description, contact and report: the content of the listing's dialog and of
 * the ad's own page (/ca/{province}/{category}/{id}-{slug}), which also loads the first photo eagerly
 * as its largest paint.
 */
export function AdDetails({
  ad,
  heading,
}: {
  ad: PublicAd
  /** the dialog's own heading; the page's h1 when absent */
  heading?: (parts: HeadingParts) => ReactNode
}) {
  const inDialog = heading !== undefined
  const Heading = heading ?? PageHeading
  const [photo, setPhoto] = useState(0)
  // an opened ad joins the device's recently viewed (issue 41 item 4), after the page is drawn
  useRecordView(ad)
  // and its owner's stats count a view (docs/decisions/053-ad-stats.md)
  useCountView(ad.id)
  const images = ad.images.length > 0 ? ad.images : [adImage(ad)]
  const category = ad.escortType ? companionName(ad.escortType) : categoryName(ad.category)
  return (
    <div className="flex flex-col">
      <div
        className={cn(
          'aspect-[4/3] max-h-[45dvh] w-full overflow-hidden bg-muted sm:aspect-[16/9]',
          inDialog ? 'rounded-t-xl' : 'rounded-xl',
        )}
      >
        {ad.photos[photo] ? (
          <AdPhoto
            photo={ad.photos[photo]}
            alt={ad.title}
            // the dialog is at most 42rem wide
            sizes="(min-width: 672px) 672px, 100vw"
            loading="eager"
            fetchPriority={inDialog ? undefined : 'high'}
            className="size-full object-cover"
          />
        ) : ad.images.length === 0 && ad.photosUnderReview > 0 ? (
          <PhotoUnderReview />
        ) : (
          <MediaImage
            src={images[photo] ?? images[0] ?? ''}
            alt={ad.title}
            width={800}
            height={600}
            fetchPriority={inDialog ? undefined : 'high'}
            className="size-full object-cover"
          />
        )}
      </div>
      {images.length > 1 && (
        <div className={cn('flex gap-2 overflow-x-auto pt-3', inDialog && 'px-5 sm:px-6')}>
          {images.map((src, i) => (
            <button
              // biome-ignore lint/suspicious/noArrayIndexKey: the same photo may appear twice
              key={i}
              type="button"
              onClick={() => setPhoto(i)}
              aria-pressed={i === photo}
              className={cn(
                'size-16 shrink-0 overflow-hidden rounded-md border-2 outline-none focus-visible:ring-2 focus-visible:ring-ring',
                i === photo ? 'border-primary' : 'border-transparent',
              )}
            >
              <MediaImage src={src} alt="" width={64} height={64} className="size-full object-cover" />
              <span className="sr-only">{fill(m.photoLabel, { n: i + 1 })}</span>
            </button>
          ))}
        </div>
      )}

      <div className={cn('flex flex-col gap-4', inDialog ? 'p-5 sm:p-6' : 'py-5')}>
        <Heading
          title={ad.title}
          badges={
            <div className="flex flex-wrap items-center gap-2">
              {category && <Badge variant="secondary">{category}</Badge>}
              {ad.verified && (
                <Badge variant="success">
                  <BadgeCheckIcon aria-hidden="true" />
                  {m.verified}
                </Badge>
              )}
              <AvailableNowBadge availableUntil={ad.availableUntil} />
              <TourMarks tours={ad.tours} upcoming />
              {ad.demo && <Badge variant="outline">{msg.listing.demo}</Badge>}
            </div>
          }
          facts={
            <>
              <span className="inline-flex items-center gap-1">
                <MapPinIcon className="size-4" aria-hidden="true" />
                <span className="sr-only">{m.location}: </span>
                {formatPlace(ad.city, provinceLabel(ad.province))}
              </span>
              <span className="inline-flex items-center gap-1">
                <CalendarIcon className="size-4" aria-hidden="true" />
                <PostedTime iso={listedAt(ad)} template={m.posted} />
              </span>
            </>
          }
        />

        <p className="text-2xl font-bold text-primary">
          <span className="sr-only">{m.price}: </span>
          {formatAdPrice(ad)}
        </p>

        {ad.videos.length > 0 && (
          <div className="flex flex-col gap-3">
            {ad.videos.map((src, i) => (
              // biome-ignore lint/a11y/useMediaCaption: sellers upload bare clips; there is no caption file to offer
              <video
                // biome-ignore lint/suspicious/noArrayIndexKey: the same clip may appear twice
                key={i}
                src={src}
                controls
                preload="metadata"
                playsInline
                width={640}
                height={360}
                aria-label={fill(m.videoLabel, { n: i + 1, count: ad.videos.length })}
                className="aspect-video w-full rounded-lg bg-black"
              >
                {m.videoUnsupported}
              </video>
            ))}
          </div>
        )}

        <section aria-label={m.description}>
          <p className="whitespace-pre-line text-sm leading-relaxed wrap-anywhere">{ad.description}</p>
        </section>

        <section aria-labelledby={`contact-${ad.id}`} className="flex flex-col gap-3 rounded-lg bg-muted p-4">
          {/* under the dialog's h2 title, or the page's h1 */}
          <ContactHeading id={`contact-${ad.id}`} level={inDialog ? 3 : 2}>
            {m.contactTitle}
          </ContactHeading>
          <RevealContact adId={ad.id} hasContact={ad.hasContact} demo={ad.demo} />
        </section>

        <FavouriteButton ad={ad} look="labelled" className="self-start" />
        <ShareAd ad={ad} />
        <ReportAd adId={ad.id} />
      </div>
    </div>
  )
}
