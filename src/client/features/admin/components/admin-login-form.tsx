import { TextField } from '#client/components/form/text-field.tsx'
import { useFieldErrors } from '#client/components/form/use-field-errors.ts'
import { Button } from '#client/components/ui/button.tsx'
import { msgReview } from '#client/i18n/messages-review.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { useAdminLogin } from '../api/admin-login.ts'

const t = msgReview.admin

interface Errors {
  username?: string
  password?: string
}

export function AdminLoginForm() {
  const form = useFieldErrors({ username: '', password: '' })
  const { id } = form
  const { username, password } = form.values
  const login = useAdminLogin()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Errors = {}
    if (!username.trim()) found.username = t.usernameRequired
    if (!password) found.password = t.passwordRequired
    if (!form.accept(found)) return
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => {
          form.setValue('password', '')
          toast({ title: t.signedIn })
        },
        onError: (error) =>
          toast({
            title: t.loginFailed,
            description: errorDetail(error, t.tryAgain),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby={`${id}-title`} className="grid gap-2">
      <h2 id={`${id}-title`} className="text-xl font-semibold">
        {t.loginTitle}
      </h2>
      <p className="mb-2 text-sm text-muted-foreground">{t.loginIntro}</p>
      <TextField
        {...form.field('username')}
        label={t.username}
        autoComplete="username"
        autoCapitalize="none"
        required
      />
      <TextField
        {...form.field('password')}
        label={t.password}
        type="password"
        autoComplete="current-password"
        required
      />
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? t.loggingIn : t.login}
      </Button>
    </form>
  )
}
