import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { ConfirmDialog } from '#client/components/form/confirm-dialog.tsx'
import { TextField } from '#client/components/form/text-field.tsx'
import { msgPrivacy } from '#client/i18n/messages-privacy.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useDeleteAccount } from '../api/delete-account.ts'

const t = msgPrivacy

/**
 * "Delete my account", confirmed with the password. A wrong password is said under the field, where
 * it is fixed; once deleted, the device is signed out and goes home.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const id = useId()
  const navigate = useNavigate()
  const [password, setPassword] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const remove = useDeleteAccount()

  const close = () => {
    setPassword('')
    setProblem(null)
    onOpenChange(false)
  }

  const submit = () => {
    if (password === '') {
      setProblem(t.passwordRequired)
      document.getElementById(`${id}-password`)?.focus()
      return
    }
    remove.mutate(password, {
      onSuccess: () => {
        toast({ title: t.deleted })
        onOpenChange(false)
        void navigate({ to: '/' })
      },
      onError: (error) => setProblem(errorDetail(error, t.deleteFailed)),
    })
  }

  return (
    <ConfirmDialog
      open={open}
      onClose={close}
      busy={remove.isPending}
      title={t.confirmTitle}
      description={t.confirmDescription}
      cancel={t.cancel}
      confirm={remove.isPending ? t.deleting : t.confirm}
      destructive
      onConfirm={submit}
    >
      <TextField
        id={`${id}-password`}
        label={t.password}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={problem ?? undefined}
        onChange={(event) => {
          setPassword(event.target.value)
          setProblem(null)
        }}
      />
    </ConfirmDialog>
  )
}
