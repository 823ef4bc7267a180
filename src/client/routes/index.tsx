import { createFileRoute } from '@tanstack/react-router'
import { HeroSearch } from '#client/features/home/components/hero-search.tsx'
import { BrowseByProvince } from '#client/features/home/components/province-browser.tsx'
import { TopCategories } from '#client/features/home/components/top-categories.tsx'
import { YourProvince } from '#client/features/home/components/your-province.tsx'

// The home arrives drawn (scripts/vite/prerender-home.ts), so its components load with the app as any
// route's do, not in the app's own chunk, which every listing and ad page fetches too
// (docs/decisions/040-react.md)
export const Route = createFileRoute('/')({
  component: HomePage,
})

// The thirteen province cards are in the page as sent, links to every province's listings, and the
// app adopts them with the rest
function HomePage() {
  return (
    <>
      <HeroSearch />
      <YourProvince />
      <TopCategories />
      <BrowseByProvince />
    </>
  )
}
