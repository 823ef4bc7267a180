import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { PostPage } from '#client/features/post/components/post-page.tsx'

export const Route = createFileRoute('/post')({
  beforeLoad: requireSignIn,
  component: PostPage,
})
