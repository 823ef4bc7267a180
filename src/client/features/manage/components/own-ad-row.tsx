import { Link, useNavigate } from '@tanstack/react-router'
import {
  ArrowUpIcon,
  CreditCardIcon,
  HeartIcon,
  MapPinIcon,
  MessageSquareIcon,
  PencilIcon,
  RefreshCwIcon,
} from 'lucide-react'
import { AdStatsButton } from '#client/components/ad-stats/ad-stats-button.tsx'
import { PrivateImage } from '#client/components/media/private-image.tsx'
import { TourMarks } from '#client/components/tour-marks.tsx'
import { Badge } from '#client/components/ui/badge.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { formatAdPrice, formatPostedDate } from '#client/lib/ad-format.ts'
import { adImage } from '#client/lib/ad-image.ts'
import { renewalOpen } from '#domain/ad-renewal.ts'
import { canApply } from '#domain/ad-status.ts'
import type { OwnAd } from '#domain/api/ads.ts'
import { adStatsQuery } from '../api/ad-stats.ts'
import { AvailableNowSwitch } from './available-now-switch.tsx'
import { BumpScheduleButton } from './bump-schedule-button.tsx'
import { DeleteAdButton } from './delete-ad-button.tsx'
import { ToursButton } from './tours-button.tsx'

const t = msgPost.manage

function statusText(ad: OwnAd): string {
  if (ad.status === 'live') return fill(t.status.live, { date: formatPostedDate(ad.expiresAt ?? '', false) })
  return t.status[ad.status]
}

const STATUS_VARIANT = {
  pending_payment: 'outline',
  live: 'success',
  expired: 'secondary',
  held: 'secondary',
  removed: 'destructive',
} as const

/** `own`: the photo of the user's held ad, which the server gives only with their token. */
function AdThumbnail({ src, own = false }: { src: string; own?: boolean }) {
  const props = { width: 96, height: 96, className: 'size-full object-cover' }
  return (
    <div className="size-20 shrink-0 overflow-hidden rounded-md bg-muted sm:size-24">
      {src &&
        (own ? (
          <PrivateImage src={src} auth="user" alt="" {...props} />
        ) : (
          <img src={src} alt="" {...props} />
        ))}
    </div>
  )
}

/** What the owner of a held ad reads: why, and whether they asked for a review (once per hold). */
function HoldNotice({ ad, onAppeal }: { ad: OwnAd; onAppeal: (ad: OwnAd) => void }) {
  const hold = ad.hold
  return (
    <div className="grid justify-items-start gap-1 text-sm" data-testid="hold-notice">
      {hold && <p>{fill(t.heldBecause, { category: t.holdCategories[hold.category] })}</p>}
      <p className="text-xs text-muted-foreground">{t.heldNote}</p>
      {hold?.appealedAt ? (
        <p className="text-xs">{fill(t.appealedOn, { date: formatPostedDate(hold.appealedAt) })}</p>
      ) : (
        <Button
          variant="outline"
          size="sm"
          aria-label={fill(t.appealLabel, { title: ad.title })}
          onClick={() => onAppeal(ad)}
        >
          <MessageSquareIcon aria-hidden="true" />
          {t.appeal}
        </Button>
      )}
    </div>
  )
}

/** Which of the ad's photos wait for an admin, and why one was refused (docs/decisions/032). */
function PhotoReviewNotes({ ad }: { ad: OwnAd }) {
  const pending = ad.photoReviews.filter((r) => r.review === 'pending').length
  const refused = ad.photoReviews.filter((r) => r.review === 'refused')
  if (pending === 0 && refused.length === 0) return null
  return (
    <div className="grid gap-1 text-sm" data-testid="photo-review-notes">
      {pending > 0 && (
        <p className="text-muted-foreground">
          {fill(msg.trust.photos.manageUnderReview, { count: String(pending) })}
        </p>
      )}
      {refused.map((r) => (
        <p key={r.mediaId} className="text-destructive">
          {fill(msg.trust.photos.manageRefused, { reason: r.reason })}
        </p>
      ))}
    </div>
  )
}

/** One of the user's server ads: its status, and the actions that status allows. */
export function OwnAdRow({
  ad,
  onDelete,
  onAppeal,
}: {
  ad: OwnAd
  onDelete: (ad: OwnAd) => void
  onAppeal: (ad: OwnAd) => void
}) {
  const navigate = useNavigate()
  // a live ad in its last 3 days, or one ended less than 30 days ago, is renewed at checkout (the
  // reminder mails link there too: docs/decisions/051-reminders-and-renewal.md)
  const renewable =
    (ad.status === 'live' || canApply('renew', ad.status)) &&
    renewalOpen(ad.expiresAt === null ? null : new Date(ad.expiresAt), new Date())
  const payable = canApply('publish', ad.status) || renewable
  return (
    <li
      className="flex flex-col gap-3 rounded-xl border border-border bg-card p-3 shadow-sm sm:flex-row sm:items-center"
      data-testid="own-ad"
    >
      <div className="flex min-w-0 flex-1 gap-3">
        <AdThumbnail
          src={adImage(ad)}
          // an uploaded photo of an ad that is not live, or under review, comes only with the owner's
          // token (docs/decisions/062-public-media.md)
          own={
            ad.images.length > 0 &&
            (ad.status !== 'live' || ad.photoReviews.some((r) => r.review === 'pending'))
          }
        />
        <div className="grid min-w-0 content-start gap-1">
          <h2 className="truncate font-semibold">{ad.title}</h2>
          <p>
            <Badge variant={STATUS_VARIANT[ad.status]} data-testid="ad-status">
              {statusText(ad)}
            </Badge>
          </p>
          {ad.status === 'removed' && ad.removalReason && (
            <p className="text-sm text-destructive">{fill(t.removedBecause, { reason: ad.removalReason })}</p>
          )}
          {ad.status === 'held' && <HoldNotice ad={ad} onAppeal={onAppeal} />}
          <PhotoReviewNotes ad={ad} />
          {ad.status === 'live' && <AvailableNowSwitch ad={ad} />}
          {ad.tours.length > 0 && (
            <div className="flex flex-wrap gap-1" data-testid="own-ad-tours">
              <TourMarks tours={ad.tours} upcoming />
            </div>
          )}
          <p className="text-sm font-bold text-primary">{formatAdPrice(ad)}</p>
          {ad.keptBy !== undefined && (
            // a count only: who keeps an ad is theirs to know (docs/decisions/046-favourites.md)
            <p data-testid="kept-by" className="flex items-center gap-1 text-xs text-muted-foreground">
              <HeartIcon aria-hidden="true" className="size-3.5" />
              {fill(msg.favourites.keptBy, { count: ad.keptBy })}
            </p>
          )}
          <p className="flex items-center gap-1 text-xs text-muted-foreground">
            <MapPinIcon className="size-3.5 shrink-0" aria-hidden="true" />
            <span className="truncate">
              {ad.city ? `${ad.city}, ` : ''}
              {ad.province}
            </span>
          </p>
          {ad.postedAt && (
            <p className="text-xs text-muted-foreground">
              {fill(t.posted, { date: formatPostedDate(ad.postedAt) })}
            </p>
          )}
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        {payable && (
          <Button asChild size="sm">
            <Link
              to="/checkout"
              search={{ type: 'post', adId: ad.id }}
              aria-label={fill(renewable ? t.renewLabel : t.payLabel, { title: ad.title })}
            >
              {renewable ? <RefreshCwIcon aria-hidden="true" /> : <CreditCardIcon aria-hidden="true" />}
              {renewable ? t.renew : t.pay}
            </Link>
          </Button>
        )}
        {canApply('edit', ad.status) && (
          <Button asChild variant="outline" size="sm">
            <Link to="/edit/$id" params={{ id: ad.id }} aria-label={fill(t.editLabel, { title: ad.title })}>
              <PencilIcon aria-hidden="true" />
              {t.edit}
            </Link>
          </Button>
        )}
        {canApply('bump', ad.status) && (
          <Button
            variant="secondary"
            size="sm"
            aria-label={fill(t.bumpLabel, { title: ad.title })}
            onClick={() => void navigate({ to: '/checkout', search: { type: 'bump', adId: ad.id } })}
          >
            <ArrowUpIcon aria-hidden="true" />
            {t.bump}
          </Button>
        )}
        {canApply('bump', ad.status) && <BumpScheduleButton ad={ad} />}
        {canApply('remove', ad.status) && <ToursButton ad={ad} />}
        {ad.postedAt && <AdStatsButton title={ad.title} query={adStatsQuery(ad.id, 'user')} />}
        {canApply('remove', ad.status) && <DeleteAdButton title={ad.title} onClick={() => onDelete(ad)} />}
      </div>
    </li>
  )
}
