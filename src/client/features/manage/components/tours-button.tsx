import { PlaneIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import type { OwnAd } from '#domain/api/ads.ts'

const t = msgPost.manage

// the form loads when first opened, not with /manage (docs/decisions/040-react.md)
const ToursDialog = lazy(() =>
  import('./tours-dialog.tsx').then((module) => ({ default: module.ToursDialog })),
)

/** "Touring" on an ad in /manage (docs/decisions/060-touring.md). */
export function ToursButton({ ad }: { ad: OwnAd }) {
  const [open, setOpen] = useState(false)
  return (
    <>
      <Button
        variant="outline"
        size="sm"
        aria-label={fill(t.toursOpenLabel, { title: ad.title })}
        onClick={() => setOpen(true)}
      >
        <PlaneIcon aria-hidden="true" />
        {t.toursOpen}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <ToursDialog ad={ad} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  )
}
