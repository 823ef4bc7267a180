import { useState } from 'react'
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
import { fill } from '#client/i18n/fill.ts'
import { msgPost } from '#client/i18n/messages-post.ts'

const t = msgPost.manage

/** The delete confirmation: open while `title` is set; the dialog stays until onConfirm settles. */
export function ConfirmDelete({
  title,
  description,
  onCancel,
  onConfirm,
}: {
  title: string | null
  description: string
  onCancel: () => void
  onConfirm: () => Promise<void>
}) {
  const [deleting, setDeleting] = useState(false)
  const confirm = async () => {
    setDeleting(true)
    try {
      await onConfirm()
    } finally {
      setDeleting(false)
    }
  }
  return (
    <Dialog open={title !== null} onOpenChange={(open) => !open && !deleting && onCancel()}>
      <DialogContent closeLabel={t.cancel}>
        <DialogHeader>
          <DialogTitle>{t.confirmTitle}</DialogTitle>
          <DialogDescription className="wrap-anywhere">
            {fill(description, { title: title ?? '' })}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">{t.cancel}</Button>
          </DialogClose>
          <Button variant="destructive" disabled={deleting} onClick={() => void confirm()}>
            {t.confirmDelete}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
