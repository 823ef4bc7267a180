import { PlaneIcon } from 'lucide-react'
import { Badge } from '#client/components/ui/badge.tsx'
import { fill } from '#client/i18n/fill.ts'
import { locale, msg } from '#client/i18n/messages.ts'
import type { TourView } from '#domain/api/ads.ts'
import { dayMonthText, dayRangeText } from '#domain/date-text.ts'
import { isVisiting } from '#domain/tours.ts'

/**
 * Touring (docs/decisions/060-touring.md): "Visiting Calgary until Dec 12" while a visit is under
 * way, on a card, the dialog and the ad's page; with `upcoming`, the visits to come as "Visiting
 * Calgary Dec 5–12" too. The dates are the visit's days as written, on the visited province's
 * calendar. The instants are checked again here because a kept answer can outlive a visit.
 */
export function TourMarks({
  tours,
  upcoming = false,
}: {
  tours: readonly TourView[] | undefined
  upcoming?: boolean
}) {
  const now = Date.now()
  const shown = (tours ?? []).filter(
    (tour) => isVisiting(tour, now) || (upcoming && Date.parse(tour.startsAt) > now),
  )
  if (shown.length === 0) return null
  return shown.map((tour) =>
    isVisiting(tour, now) ? (
      <Badge key={`${tour.startsAt}${tour.city}`} className="bg-violet-700 text-white" data-testid="visiting">
        <PlaneIcon aria-hidden="true" />
        {fill(msg.listing.visitingUntil, { city: tour.city, date: dayMonthText(tour.to, locale()) })}
      </Badge>
    ) : (
      <Badge key={`${tour.startsAt}${tour.city}`} variant="outline" data-testid="visiting-soon">
        <PlaneIcon aria-hidden="true" />
        {fill(msg.listing.visitingDates, {
          city: tour.city,
          dates: dayRangeText(tour.from, tour.to, locale()),
        })}
      </Badge>
    ),
  )
}
