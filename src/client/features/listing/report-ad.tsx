import { FlagIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'

// the form (and the reports' zod schemas) loads when Report is pointed at or pressed
const loadForm = () => import('./report-form.tsx')
const ReportForm = lazy(() => loadForm().then((module) => ({ default: module.ReportForm })))

/** The ad's Report link, opening a short form: a reason and optional details. */
export function ReportAd({ adId }: { adId: string }) {
  const [open, setOpen] = useState(false)
  const button = (
    <div className="flex justify-end">
      <Button
        variant="link"
        size="sm"
        className="h-auto px-0 text-muted-foreground"
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
        onClick={() => setOpen(true)}
      >
        <FlagIcon aria-hidden="true" />
        {msg.adDialog.report}
      </Button>
    </div>
  )
  if (!open) return button
  return (
    <Suspense fallback={button}>
      <ReportForm adId={adId} onDone={() => setOpen(false)} />
    </Suspense>
  )
}
