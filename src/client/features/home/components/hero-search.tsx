import { useRouter } from '@tanstack/react-router'
import { SearchIcon } from 'lucide-react'
import { useState } from 'react'
import { listingHref } from '#client/components/layout/listing-target.ts'
import { ProvinceSelect } from '#client/components/layout/province-select.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { msg } from '#client/i18n/messages.ts'
import { DEFAULT_CATEGORY } from '#domain/categories.ts'
import { ALL, type ProvinceOrAll } from '#domain/provinces.ts'

const t = msg.home

/** The hero's keyword + province search: always the adult-buy-sell category. */
export function heroSearchHref(keyword: string, province: ProvinceOrAll | undefined): string {
  const q = keyword.trim()
  return listingHref({ province: province ?? ALL, category: DEFAULT_CATEGORY, search: q ? { q } : {} })
}

export function HeroSearch() {
  const router = useRouter()
  const [keyword, setKeyword] = useState('')
  const [province, setProvince] = useState<ProvinceOrAll | undefined>(undefined)

  return (
    <section className="relative overflow-hidden bg-chrome text-chrome-foreground">
      <div
        aria-hidden="true"
        className="absolute inset-0 bg-[radial-gradient(circle_at_20%_20%,rgba(225,29,72,0.35),transparent_55%),radial-gradient(circle_at_85%_70%,rgba(124,58,237,0.3),transparent_50%)]"
      />
      {/* on a phone the hero stays short: the visitor's province and its categories must fit under it */}
      <div className="relative mx-auto max-w-7xl px-4 py-5 sm:py-16 lg:py-20">
        <h1 className="max-w-3xl text-2xl font-extrabold tracking-tight text-balance sm:text-5xl">
          {t.heroTitle}
        </h1>
        <p className="mt-3 hidden max-w-2xl text-base text-chrome-muted sm:block sm:text-lg">
          {t.heroSubtitle}
        </p>
        <search>
          <form
            className="mt-4 grid gap-3 rounded-xl sm:mt-8 bg-white/10 p-3 ring-1 ring-white/15 backdrop-blur sm:grid-cols-[1fr_14rem_auto] sm:items-end"
            onSubmit={(event) => {
              event.preventDefault()
              void router.navigate({ href: heroSearchHref(keyword, province) })
            }}
          >
            <div className="grid gap-1.5">
              <label htmlFor="hero-keyword" className="text-sm font-medium">
                {t.heroKeywordLabel}
              </label>
              <Input
                id="hero-keyword"
                type="search"
                value={keyword}
                onChange={(e) => setKeyword(e.target.value)}
                placeholder={t.heroKeywordPlaceholder}
                className="h-11 border-white/20 bg-white text-foreground"
              />
            </div>
            <div className="grid gap-1.5">
              <label htmlFor="hero-province" className="text-sm font-medium">
                {t.heroProvinceLabel}
              </label>
              <ProvinceSelect
                id="hero-province"
                value={province}
                onValueChange={setProvince}
                className="h-11"
              />
            </div>
            <Button type="submit" size="lg" className="h-11">
              <SearchIcon aria-hidden="true" />
              {t.heroSearch}
            </Button>
          </form>
        </search>
      </div>
    </section>
  )
}
