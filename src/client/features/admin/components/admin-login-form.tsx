import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { TextField } from '#client/features/auth/components/text-field.tsx'
import { toast } from '#client/features/toasts/toast-store.ts'
import { en } from '#client/i18n/en.ts'
import { errorDetail } from '#client/lib/http.ts'
import { useAdminLogin } from '../api/admin-login.ts'

const t = en.admin

interface Errors {
  username?: string
  password?: string
}

export function AdminLoginForm() {
  const id = useId()
  const [username, setUsername] = useState('')
  const [password, setPassword] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const login = useAdminLogin()

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found: Errors = {}
    if (!username.trim()) found.username = t.usernameRequired
    if (!password) found.password = t.passwordRequired
    setErrors(found)
    if (found.username || found.password) {
      document.getElementById(`${id}-${found.username ? 'username' : 'password'}`)?.focus()
      return
    }
    login.mutate(
      { username: username.trim(), password },
      {
        onSuccess: () => {
          setPassword('')
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
        id={`${id}-username`}
        label={t.username}
        autoComplete="username"
        autoCapitalize="none"
        required
        value={username}
        error={errors.username}
        onChange={(e) => {
          setUsername(e.target.value)
          if (errors.username) setErrors((er) => ({ ...er, username: undefined }))
        }}
      />
      <TextField
        id={`${id}-password`}
        label={t.password}
        type="password"
        autoComplete="current-password"
        required
        value={password}
        error={errors.password}
        onChange={(e) => {
          setPassword(e.target.value)
          if (errors.password) setErrors((er) => ({ ...er, password: undefined }))
        }}
      />
      <Button type="submit" size="lg" disabled={login.isPending}>
        {login.isPending ? t.loggingIn : t.login}
      </Button>
    </form>
  )
}
