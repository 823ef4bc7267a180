import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '#client/features/static-pages/legal-page.tsx'
import { en } from '#client/i18n/en.ts'

export const Route = createFileRoute('/privacy')({
  component: () => <LegalPage {...en.static.privacy} />,
})
