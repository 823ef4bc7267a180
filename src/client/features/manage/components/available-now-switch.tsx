import { useQueryClient } from '@tanstack/react-query'
import { CircleDotIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { selectTriggerClass } from '#client/components/ui/select-styles.ts'
import { adsKeys } from '#client/features/listing/api/ads-keys.ts'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { formatPostedDate } from '#client/lib/ad-format.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { OwnAd } from '#domain/api/ads.ts'
import { AVAILABLE_HOUR_CHOICES, AVAILABLE_HOURS_DEFAULT, isAvailableNow } from '#domain/available-now.ts'
import { switchAvailableOff, switchAvailableOn } from '../api/available-now.ts'
import { myAdsKeys } from '../api/my-ads.ts'

const t = msgPost.manage.available

/**
 * The owner's "Available now" switch on a live ad in /manage (docs/decisions/048-advertisers.md):
 * the hours, then on; while on, until when and Stop. A native select: on a phone it opens the
 * system's picker, which suits a list of a few numbers.
 */
export function AvailableNowSwitch({ ad }: { ad: OwnAd }) {
  const queryClient = useQueryClient()
  const id = useId()
  const [hours, setHours] = useState<number>(AVAILABLE_HOURS_DEFAULT)
  const [busy, setBusy] = useState(false)
  const on = isAvailableNow(ad.availableUntil)

  const run = async (change: () => Promise<unknown>) => {
    setBusy(true)
    try {
      await change()
    } catch (error) {
      toast({ title: t.failed, description: errorDetail(error, ''), variant: 'destructive' })
    } finally {
      setBusy(false)
      // the owner's list and the public listing both show it
      void queryClient.invalidateQueries({ queryKey: myAdsKeys.all })
      void queryClient.invalidateQueries({ queryKey: adsKeys.all })
    }
  }

  if (on && ad.availableUntil) {
    return (
      <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="available-now-switch">
        <span className="inline-flex items-center gap-1 font-medium text-sky-800 dark:text-sky-300">
          <CircleDotIcon className="size-4" aria-hidden="true" />
          {fill(t.until, { time: formatPostedDate(ad.availableUntil) })}
        </span>
        <Button
          variant="outline"
          size="sm"
          disabled={busy}
          aria-label={fill(t.switchOffLabel, { title: ad.title })}
          onClick={() => void run(() => switchAvailableOff(ad.id))}
        >
          {t.switchOff}
        </Button>
      </div>
    )
  }

  return (
    <div className="grid gap-1" data-testid="available-now-switch">
      <div className="flex flex-wrap items-center gap-2">
        <label htmlFor={`${id}-hours`} className="sr-only">
          {fill(t.hoursLabel, { title: ad.title })}
        </label>
        <select
          id={`${id}-hours`}
          className={`${selectTriggerClass} h-9 w-auto`}
          value={hours}
          onChange={(event) => setHours(Number(event.target.value))}
        >
          {AVAILABLE_HOUR_CHOICES.map((n) => (
            <option key={n} value={n}>
              {fill(t.hoursOption, { n: String(n) })}
            </option>
          ))}
        </select>
        <Button
          variant="secondary"
          size="sm"
          disabled={busy}
          aria-label={fill(t.switchOnLabel, { title: ad.title })}
          onClick={() => void run(() => switchAvailableOn(ad.id, hours))}
        >
          <CircleDotIcon aria-hidden="true" />
          {t.switchOn}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t.limit}</p>
    </div>
  )
}
