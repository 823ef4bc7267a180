import { createFileRoute, redirect } from '@tanstack/react-router'

// Any path no other route claims goes to the home page ("any other path").
export const Route = createFileRoute('/$')({
  beforeLoad: () => {
    throw redirect({ to: '/', replace: true })
  },
})
