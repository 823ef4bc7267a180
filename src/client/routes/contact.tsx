import { createFileRoute } from '@tanstack/react-router'
import { ContactPage } from '#client/features/static-pages/components/contact-page.tsx'

export const Route = createFileRoute('/contact')({
  component: ContactPage,
})
