import { createFileRoute } from '@tanstack/react-router'
import { z } from 'zod'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { YourDataPage } from '#client/features/privacy/components/your-data-page.tsx'

const SearchSchema = z.object({ action: z.enum(['download', 'delete']).optional().catch(undefined) })

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
