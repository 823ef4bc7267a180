import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { ManagePage } from '#client/features/manage/components/manage-page.tsx'

export const Route = createFileRoute('/manage')({
  beforeLoad: requireSignIn,
  component: ManagePage,
})
