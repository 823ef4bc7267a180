import { useId, useState } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useChangePassword } from '../api/change-password.ts'
import { type ResetProblem, validateNewPassword } from '../auth-forms.ts'
import { AuthCard } from './auth-card.tsx'
import { NewPasswordFields } from './new-password-fields.tsx'

const t = msgAuth.change

type Problem = ResetProblem | 'currentMissing'

/** /account/password: a signed-in user sets a new password; their other devices are signed out. */
export function ChangePasswordPage() {
  const id = useId()
  const [current, setCurrent] = useState('')
  const [password, setPassword] = useState('')
  const [confirm, setConfirm] = useState('')
  const [problem, setProblem] = useState<Problem | null>(null)
  const change = useChangePassword()

  const edit = (set: (value: string) => void) => (event: React.ChangeEvent<HTMLInputElement>) => {
    set(event.target.value)
    if (problem) setProblem(null)
  }

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Problem | null = current ? validateNewPassword(password, confirm) : 'currentMissing'
    setProblem(found)
    if (found) {
      const field = found === 'currentMissing' ? 'current' : found === 'tooShort' ? 'password' : 'confirm'
      document.getElementById(`${id}-${field}`)?.focus()
      return
    }
    change.mutate(
      { current_password: current, new_password: password },
      {
        onSuccess: () => {
          setCurrent('')
          setPassword('')
          setConfirm('')
          toast({ title: t.successTitle, description: t.successDescription })
        },
        onError: (error) =>
          toast({
            title: t.failedTitle,
            description: errorDetail(error, msg.auth.tryAgain),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <AuthCard title={t.title} intro={t.intro}>
      <form noValidate onSubmit={submit} aria-labelledby="auth-title" className="grid gap-2">
        <TextField
          id={`${id}-current`}
          label={t.currentPassword}
          type="password"
          autoComplete="current-password"
          required
          value={current}
          error={problem === 'currentMissing' ? t.currentRequired : undefined}
          onChange={edit(setCurrent)}
        />
        <NewPasswordFields
          id={id}
          password={password}
          confirm={confirm}
          problem={problem === 'currentMissing' ? null : problem}
          onPasswordChange={edit(setPassword)}
          onConfirmChange={edit(setConfirm)}
        />
        <Button type="submit" size="lg" disabled={change.isPending}>
          {change.isPending ? t.submitting : t.submit}
        </Button>
      </form>
    </AuthCard>
  )
}
