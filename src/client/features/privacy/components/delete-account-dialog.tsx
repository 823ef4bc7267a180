import { useNavigate } from '@tanstack/react-router'
import { useId, useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
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

  const close = (next: boolean) => {
    if (remove.isPending) return
    if (!next) {
      setPassword('')
      setProblem(null)
    }
    onOpenChange(next)
  }

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
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
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t.cancel}>
        <form noValidate onSubmit={submit} className="grid gap-4">
          <DialogHeader>
            <DialogTitle>{t.confirmTitle}</DialogTitle>
            <DialogDescription>{t.confirmDescription}</DialogDescription>
          </DialogHeader>
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
          <DialogFooter>
            <DialogClose asChild>
              <Button type="button" variant="outline">
                {t.cancel}
              </Button>
            </DialogClose>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              {remove.isPending ? t.deleting : t.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  )
}
