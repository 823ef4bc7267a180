import { useState } from 'react'
import { ConfirmDialog } from '#client/components/form/confirm-dialog.tsx'
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
    <ConfirmDialog
      open={title !== null}
      onClose={onCancel}
      busy={deleting}
      title={t.confirmTitle}
      description={fill(description, { title: title ?? '' })}
      cancel={t.cancel}
      confirm={t.confirmDelete}
      destructive
      onConfirm={() => void confirm()}
    />
  )
}
