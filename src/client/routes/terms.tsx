import { createFileRoute } from '@tanstack/react-router'
import { LegalPage } from '#client/features/static-pages/legal-page.tsx'
import { enLegal } from '#client/i18n/en-legal.ts'

export const Route = createFileRoute('/terms')({
  component: () => <LegalPage {...enLegal.terms} />,
})
