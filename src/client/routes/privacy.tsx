import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '#client/features/static-pages/components/legal-page.tsx'
import { msgLegal } from '#client/i18n/messages-legal.ts'

export const Route = createFileRoute('/privacy')({
  component: () => <LegalPage {...msgLegal.privacy} />,
})
