import { ShieldAlertIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'

/** The gate's words, the same in the server's gate and the app's own (adult-gate.tsx). */
export function AdultGateText() {
  const t = msg.static.ageGate
  return (
    <div className="flex flex-col items-center gap-3 text-center">
      <span className="flex size-12 items-center justify-center rounded-full bg-rose-100 text-primary">
        <ShieldAlertIcon className="size-6" aria-hidden="true" />
      </span>
      <h2 id="adult-gate-title" className="text-xl font-semibold">
        {t.title}
      </h2>
      <p id="adult-gate-body" className="text-base text-muted-foreground">
        {t.body}
      </p>
    </div>
  )
}

/** The gate's two choices side by side on wide screens, the confirmation on top on phones. */
export const ADULT_GATE_ACTIONS = 'mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center'

/** The panel the words sit in. */
export const ADULT_GATE_PANEL =
  'w-full max-w-md rounded-xl border border-border bg-background p-6 text-foreground shadow-2xl'
