import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { GetVerifiedPage } from '#client/features/verification/components/get-verified-page.tsx'

export const Route = createFileRoute('/account/verification')({
  beforeLoad: requireSignIn,
  component: GetVerifiedPage,
})
