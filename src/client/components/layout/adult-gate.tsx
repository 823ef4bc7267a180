import { ShieldAlertIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { useHydrated } from '#client/lib/use-hydrated.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { LanguageSwitch } from './language-switch.tsx'

const t = msg.static.ageGate

function readConfirmed(): boolean {
  try {
    return localStorage.getItem(STORAGE_KEYS.adultConfirmed) === '1'
  } catch {
    return false
  }
}

function rememberConfirmed(): void {
  try {
    localStorage.setItem(STORAGE_KEYS.adultConfirmed, '1')
  } catch {
    // storage disabled: the visitor is asked again next time, which is the safe side
  }
}

/**
 * The 18+ confirmation on first visit, remembered on this device. A native modal <dialog> gives the
 * focus trap, the inert page behind and the labelling without shipping a dialog library in the
 * first load. The page renders behind it, so the first paint is the real page. Escape does not
 * dismiss it: the visitor must choose.
 */
export function AdultGate() {
  // the server renders no gate (it cannot know), and neither does the first render over its HTML
  const hydrated = useHydrated()
  const [confirmedNow, setConfirmed] = useState(false)
  const open = hydrated && !confirmedNow && !readConfirmed()
  const ref = useRef<HTMLDialogElement>(null)

  useEffect(() => {
    const dialog = ref.current
    if (open && dialog && !dialog.open) dialog.showModal()
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      aria-labelledby="adult-gate-title"
      aria-describedby="adult-gate-body"
      onCancel={(event) => event.preventDefault()}
      className="fixed inset-0 m-auto w-[calc(100%-2rem)] max-w-md rounded-xl border border-border bg-background p-6 text-foreground shadow-2xl backdrop:bg-black/75 backdrop:backdrop-blur-sm"
    >
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
      <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-center">
        <Button variant="outline" size="lg" onClick={() => window.location.assign(t.leaveUrl)}>
          {t.leave}
        </Button>
        <Button
          size="lg"
          autoFocus
          onClick={() => {
            rememberConfirmed()
            ref.current?.close()
            setConfirmed(true)
          }}
        >
          {t.confirm}
        </Button>
      </div>
      {/* the page behind is inert: the language can be chosen before entering */}
      <div className="mt-4 flex justify-center">
        <LanguageSwitch className="text-muted-foreground hover:bg-accent" />
      </div>
    </dialog>
  )
}
