import { FlagIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { AD_ACTION_ATTRIBUTE, AdActionPaths } from '#domain/ad-actions.ts'

// the form (and the reports' zod schemas) loads when Report is pointed at or pressed
const loadForm = () => import('./report-form.tsx')
const ReportForm = lazy(() => loadForm().then((module) => ({ default: module.ReportForm })))

/** The ad's Report link, opening a short form: a reason and optional details. */
export function ReportAd({ adId }: { adId: string }) {
  const [open, setOpen] = useState(false)
  // a form the server answers with the report form without the app (src/server/routes/ad-actions.ts);
  // the app takes it and opens its own
  const button = (
    <form
      method="post"
      action={AdActionPaths.report(adId)}
      {...{ [AD_ACTION_ATTRIBUTE]: 'report' }}
      onSubmit={(event) => {
        event.preventDefault()
        setOpen(true)
      }}
      className="flex justify-end"
    >
      <Button
        type="submit"
        variant="link"
        size="sm"
        className="h-auto px-0 text-muted-foreground"
        onPointerEnter={() => void loadForm()}
        onFocus={() => void loadForm()}
      >
        <FlagIcon aria-hidden="true" />
        {msg.adDialog.report}
      </Button>
    </form>
  )
  if (!open) return button
  return (
    <Suspense fallback={button}>
      <ReportForm adId={adId} onDone={() => setOpen(false)} />
    </Suspense>
  )
}
