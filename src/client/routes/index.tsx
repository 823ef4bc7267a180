import { createFileRoute } from '@tanstack/react-router'
import { HeroSearch } from '#client/features/home/hero-search.tsx'
import { BrowseByProvince } from '#client/features/home/province-browser.tsx'
import { TopCategories } from '#client/features/home/top-categories.tsx'

export const Route = createFileRoute('/')({
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
