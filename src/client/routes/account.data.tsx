import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { YourDataPage } from '#client/features/privacy/components/your-data-page.tsx'
import { searchOneOf, searchSchema } from '#client/lib/search-schema.ts'

const ACTIONS = ['download', 'delete'] as const
type Action = (typeof ACTIONS)[number]

// a hand-written parser, not zod: route options are in every page's first load, and zod there was
// 25 kB gzipped of the app's start (docs/decisions/035-start-size.md)
const SearchSchema = searchSchema<{ action?: Action | undefined }, { action?: Action | undefined }>(
  (search) => ({
    action: searchOneOf(ACTIONS, search.action),
  }),
)

export const Route = createFileRoute('/account/data')({
  validateSearch: SearchSchema,
  beforeLoad: requireSignIn,
  component: YourDataRoute,
})

function YourDataRoute() {
  const { action } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <YourDataPage action={action} onActionTaken={() => void navigate({ search: {}, replace: true })} />
}
