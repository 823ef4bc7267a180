import { useEffect, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { adultConfirmed, rememberAdultConfirmed, serverGateShown } from '#client/lib/adult-consent.ts'
import { useHydrated } from '#client/lib/use-hydrated.ts'
import { ADULT_GATE_ACTIONS, AdultGateText } from './adult-gate-text.tsx'
import { LanguageSwitch } from './language-switch.tsx'

const t = msg.static.ageGate

/**
 * The app's own 18+ confirmation, for the pages the server did not send: the service worker's shell
 * (offline, or once installed). Pages from the server carry the server's gate for a visitor who has
 * not confirmed (src/server/services/pages/adult-gate.ts), and this one then stays closed. A native
 * modal <dialog> gives the focus trap, the inert page behind and the labelling without shipping a
 * dialog library in the first load. Escape does not dismiss it: the visitor must choose.
 */
export function AdultGate() {
  // the server renders no gate into the app (it writes its own before #root), nor the first render
  const hydrated = useHydrated()
  const [confirmedNow, setConfirmed] = useState(false)
  const open = hydrated && !confirmedNow && !adultConfirmed() && !serverGateShown()
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
      <AdultGateText />
      <div className={ADULT_GATE_ACTIONS}>
        <Button variant="outline" size="lg" onClick={() => window.location.assign(t.leaveUrl)}>
          {t.leave}
        </Button>
        <Button
          size="lg"
          autoFocus
          onClick={() => {
            rememberAdultConfirmed()
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
