import { createFileRoute } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { HeroSearch } from '#client/features/home/components/hero-search.tsx'
import { BrowseByProvince } from '#client/features/home/components/province-browser.tsx'
import { TopCategories } from '#client/features/home/components/top-categories.tsx'
import { YourProvince } from '#client/features/home/components/your-province.tsx'

export const Route = createFileRoute('/')({
  // the home page is the usual first view: keep it in the main chunk so its hero (the LCP element)
  // renders without waiting for a second round trip
  codeSplitGroupings: [],
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
