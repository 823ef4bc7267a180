// What the account pages share: sign-in and registration are one email + password form; forgot
// password and resend verification are one email form. Each page keeps its own texts and outcome.
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { TextField, type TextFieldProps } from '#client/components/form/text-field.tsx'
import { useFieldErrors } from '#client/components/form/use-field-errors.ts'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { Credentials } from '#domain/api/auth.ts'
import { validateCredentials } from '../auth-forms.ts'

const linkClass =
  'rounded-sm font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring'

export function AuthLink({
  to,
  children,
}: {
  to: '/login' | '/register' | '/forgot-password'
  children: ReactNode
}) {
  return (
    <Link to={to} className={linkClass}>
      {children}
    </Link>
  )
}

/** The toast of a refused request: the server's detail, or `fallback` when it gave none. */
export function failureToast(title: string, fallback: string): (error: unknown) => void {
  return (error) => toast({ title, description: errorDetail(error, fallback), variant: 'destructive' })
}

export function useCredentialsForm() {
  return useFieldErrors({ email: '', password: '' })
}

interface CredentialsFormProps {
  form: ReturnType<typeof useCredentialsForm>
  /** called with the trimmed email once both fields pass the client's checks */
  onValid: (credentials: Credentials) => void
  pending: boolean
  submit: string
  submitting: string
  password: Pick<TextFieldProps, 'autoComplete' | 'minLength' | 'hint'>
}

/** Email and password, checked here before anything is sent (the first invalid field gets focus). */
export function CredentialsForm({
  form,
  onValid,
  pending,
  submit,
  submitting,
  password,
}: CredentialsFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const { email, password } = form.values
        if (form.accept(validateCredentials(email, password))) onValid({ email: email.trim(), password })
      }}
      aria-labelledby="auth-title"
      className="grid gap-2"
    >
      <TextField
        {...form.field('email')}
        label={msg.auth.emailLabel}
        type="email"
        autoComplete="email"
        required
      />
      <TextField
        {...form.field('password')}
        {...password}
        label={msg.auth.passwordLabel}
        type="password"
        required
      />
      <Button type="submit" size="lg" disabled={pending}>
        {pending ? submitting : submit}
      </Button>
    </form>
  )
}

/**
 * One email field (forgot password, resend verification). `check()` is true when an address was
 * typed; otherwise it says so under the field and in a toast, and focuses the field.
 */
export function useEmailForm(
  defaultEmail: string,
  messages: { emailRequired: string; emailRequiredTitle: string },
) {
  const form = useFieldErrors({ email: defaultEmail })
  const email = form.values.email.trim()
  const check = () => {
    if (email) return form.accept({})
    toast({ title: messages.emailRequiredTitle, description: messages.emailRequired, variant: 'destructive' })
    return form.accept({ email: messages.emailRequired })
  }
  const field = { ...form.field('email'), label: msg.auth.emailLabel, type: 'email', autoComplete: 'email' }
  return { id: form.id, email, field, check }
}
