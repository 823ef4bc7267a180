import { createFileRoute } from '@tanstack/react-router'
import { HeroSearch } from '#client/features/home/hero-search.tsx'
import { BrowseByProvince } from '#client/features/home/province-browser.tsx'
import { TopCategories } from '#client/features/home/top-categories.tsx'

export const Route = createFileRoute('/')({
  // the home page is the usual first view: keep it in the main chunk so its hero (the LCP element)
  // renders without waiting for a second round trip
  codeSplitGroupings: [],
  component: HomePage,
})

function HomePage() {
  return (
    <>
      <HeroSearch />
      <TopCategories />
      <BrowseByProvince />
    </>
  )
}
