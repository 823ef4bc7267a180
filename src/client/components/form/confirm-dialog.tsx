// The one dialog that asks before an action (delete an ad, send an appeal, delete the account): a
// title, what will happen, the fields the action needs if any, Cancel and the action's button. It is
// a form, so Enter confirms; it cannot be closed while the action runs, so its answer is not lost.
import type { ReactNode } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'

interface ConfirmDialogProps {
  open: boolean
  onClose: () => void
  /** while the action runs: its button is disabled and the dialog stays open */
  busy: boolean
  title: string
  description: string
  /** the words on Cancel (also the close button's name) and on the action's button */
  cancel: string
  confirm: string
  destructive?: boolean
  onConfirm: () => void
  /** the fields the action needs */
  children?: ReactNode
}

export function ConfirmDialog({
  open,
  onClose,
  busy,
  title,
  description,
  cancel,
  confirm,
  destructive = false,
  onConfirm,
  children,
}: ConfirmDialogProps) {
  return (
    <Dialog open={open} onOpenChange={(next) => !next && !busy && onClose()}>
      <DialogContent closeLabel={cancel}>
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            onConfirm()
          }}
          className="grid gap-4"
        >
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription className="wrap-anywhere">{description}</DialogDescription>
          </DialogHeader>
          {children}
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {cancel}
              </Button>
            </DialogClose>
            <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy}>
              {confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
