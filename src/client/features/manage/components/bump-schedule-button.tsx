import { CalendarClockIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import type { OwnAd } from '#domain/api/ads.ts'

const t = msgPost.manage

// the form and its rules load when first opened, not with /manage (docs/decisions/040-react.md)
const BumpScheduleDialog = lazy(() =>
  import('./bump-schedule-dialog.tsx').then((module) => ({ default: module.BumpScheduleDialog })),
)

/** "Schedule bumps" on a live ad in /manage (docs/decisions/050-scheduled-bumps.md). */
export function BumpScheduleButton({ ad }: { ad: OwnAd }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={fill(t.scheduleOpenLabel, { title: ad.title })}
        onClick={() => setOpen(true)}
      >
        <CalendarClockIcon aria-hidden="true" />
        {t.scheduleOpen}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BumpScheduleDialog ad={ad} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
