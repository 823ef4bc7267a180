import { createFileRoute } from '@tanstack/react-router'
import { ChangePasswordPage } from '#client/features/auth/components/change-password-page.tsx'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'

export const Route = createFileRoute('/account/password')({
  beforeLoad: requireSignIn,
  component: ChangePasswordPage,
})
