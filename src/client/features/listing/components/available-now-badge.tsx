import { CircleDotIcon } from 'lucide-react'
import { Badge } from '#client/components/ui/badge.tsx'
import { msg } from '#client/i18n/messages.ts'
import { isAvailableNow } from '#domain/available-now.ts'

/**
 * "Available now" on a card, the dialog and the ad's page (docs/decisions/048-advertisers.md). The
 * server already answers null once the moment has passed; this checks the moment again because a
 * kept answer (offline, or the persisted cache) can outlive it.
 */
export function AvailableNowBadge({ availableUntil }: { availableUntil: string | null | undefined }) {
  if (!isAvailableNow(availableUntil)) return null
  return (
    // its own colour: the Verified badge beside it is green
    <Badge variant="success" className="bg-sky-700" data-testid="available-now">
      <CircleDotIcon aria-hidden="true" />
      {msg.listing.availableNow}
    </Badge>
  )
}
