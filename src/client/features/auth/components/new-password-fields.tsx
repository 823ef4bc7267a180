// The new password and its confirmation, as the reset-password and change-password pages ask for them.
import type { ChangeEventHandler } from 'react'
import { TextField } from '#client/components/form/text-field.tsx'
import { msgAuth } from '#client/i18n/messages-auth.ts'
import { MIN_PASSWORD_LENGTH } from '#domain/constants.ts'
import type { ResetProblem } from '../auth-forms.ts'

const t = msgAuth.reset

interface NewPasswordFieldsProps {
  /** the form's useId(): the fields are `${id}-password` and `${id}-confirm`, for the form to focus */
  id: string
  password: string
  confirm: string
  /** what validateNewPassword found, shown under its field */
  problem: ResetProblem | null
  onPasswordChange: ChangeEventHandler<HTMLInputElement>
  onConfirmChange: ChangeEventHandler<HTMLInputElement>
}

export function NewPasswordFields({
  id,
  password,
  confirm,
  problem,
  onPasswordChange,
  onConfirmChange,
}: NewPasswordFieldsProps) {
  return (
    <>
      <TextField
        id={`${id}-password`}
        label={t.newPassword}
        type="password"
        autoComplete="new-password"
        required
        minLength={MIN_PASSWORD_LENGTH}
        hint={msgAuth.register.passwordHint}
        value={password}
        error={problem === 'tooShort' ? t.tooShort : undefined}
        onChange={onPasswordChange}
      />
      <TextField
        id={`${id}-confirm`}
        label={t.confirmPassword}
        type="password"
        autoComplete="new-password"
        required
        value={confirm}
        error={problem === 'mismatch' ? t.mismatchTitle : undefined}
        onChange={onConfirmChange}
      />
    </>
  )
}
