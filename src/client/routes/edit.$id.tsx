import { createFileRoute } from '@tanstack/react-router'
import { requireSignIn } from '#client/features/auth/require-sign-in.ts'
import { EditPage } from '#client/features/post/components/edit-page.tsx'

export const Route = createFileRoute('/edit/$id')({
  beforeLoad: requireSignIn,
  component: EditRoute,
})

function EditRoute() {
  const { id } = Route.useParams()
  // a new id means a different ad: the form must start again from that ad
  return <EditPage key={id} id={id} />
}
