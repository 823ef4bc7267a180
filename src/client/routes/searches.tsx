import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { SavedSearchesPage } from '#client/features/saved-searches/components/saved-searches-page.tsx'

// saved searches belong to an account (docs/decisions/052-saved-searches.md); the page loads on its own
// (autoCodeSplitting), never with the app's start
export const Route = createFileRoute('/searches')({
  beforeLoad: requireSignIn,
  component: SavedSearchesPage,
})
