import { createFileRoute } from '@tanstack/react-router'
import { AdminPage } from '#client/features/admin/components/admin-page.tsx'

export const Route = createFileRoute('/admin')({
  component: AdminPage,
})
