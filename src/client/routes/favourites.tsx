import { createFileRoute } from '@tanstack/react-router'
import { FavouritesPage } from '#client/features/favourites/components/favourites-page.tsx'

// signed out too: a device keeps favourites before any account (docs/decisions/046-favourites.md)
export const Route = createFileRoute('/favourites')({
  component: FavouritesPage,
})
