import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
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

function HomePage() {
  // the province cards sit below the fold: render them just after the first paint so the hero
  // (the LCP element) is not held back by thirteen cards' worth of rendering
  const [showProvinces, setShowProvinces] = useState(false)
  useEffect(() => setShowProvinces(true), [])
  return (
    <>
      <HeroSearch />
      <YourProvince />
      <TopCategories />
      {showProvinces && <BrowseByProvince />}
    </>
  )
}
