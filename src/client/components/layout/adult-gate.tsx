import { ShieldAlertIcon } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { en } from '#client/i18n/en.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'

const t = en.static.ageGate

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
 * The 18+ confirmation on first visit, remembered on this device. The page renders behind it, so
 * the first paint is the real page; the choice cannot be dismissed by Escape or a click outside.
 */
export function AdultGate() {
  const [open, setOpen] = useState(() => !readConfirmed())
  if (!open) return null
  return (
    <Dialog open={open}>
      <DialogContent
        hideClose
        onEscapeKeyDown={(e) => e.preventDefault()}
        onPointerDownOutside={(e) => e.preventDefault()}
        onInteractOutside={(e) => e.preventDefault()}
        className="max-w-md"
      >
        <DialogHeader className="items-center pr-0 text-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-rose-100 text-primary">
            <ShieldAlertIcon className="size-6" aria-hidden="true" />
          </span>
          <DialogTitle>{t.title}</DialogTitle>
          <DialogDescription className="text-base">{t.body}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          <Button variant="outline" size="lg" onClick={() => window.location.assign(t.leaveUrl)}>
            {t.leave}
          </Button>
          <Button
            size="lg"
            autoFocus
            onClick={() => {
              rememberConfirmed()
              setOpen(false)
            }}
          >
            {t.confirm}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
