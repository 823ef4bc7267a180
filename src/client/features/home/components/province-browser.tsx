import { useRouter } from '@tanstack/react-router'
import { MapPinIcon } from 'lucide-react'
import { useState } from 'react'
import { AppLink } from '#client/components/layout/app-link.tsx'
import { listingHref } from '#client/components/layout/listing-target.ts'
import { Button } from '#client/components/ui/button.tsx'
import { LazySelect } from '#client/components/ui/lazy-select.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { categoryName, provinceName } from '#client/i18n/names.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { CATEGORIES, type CategoryKey, isCategoryKey } from '#domain/categories.ts'
import { PROVINCES, type Province } from '#domain/provinces.ts'

const t = msg.home
const MAX_CITY_CHIPS = 6
const categoryItems = () => CATEGORIES.map((c) => ({ value: c.key, label: categoryName(c.key) }))

export function BrowseByProvince() {
  return (
    <section aria-labelledby="browse-by-province" className="bg-muted/60">
      <div className="mx-auto w-full max-w-7xl px-4 py-10">
        <h2 id="browse-by-province" className="text-2xl font-bold tracking-tight">
          {t.browseByProvince}
        </h2>
        <p className="mt-1 text-muted-foreground">{t.browseByProvinceSubtitle}</p>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PROVINCES.map((p) => (
            <li key={p.code}>
              <ProvinceCard province={p} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  )
}

function ProvinceCard({ province }: { province: Province }) {
  const router = useRouter()
  const [category, setCategory] = useState<CategoryKey | undefined>(undefined)
  const selectId = `province-${province.code}-category`

  // without a category there is nowhere to go: say so instead of guessing
  const go = (city?: string) => {
    if (!category) {
      toast({ title: t.chooseCategoryTitle, description: t.chooseCategoryDescription })
      return
    }
    void router.navigate({
      href: listingHref({ province: province.code, category, search: city ? { city } : {} }),
    })
  }

  return (
    <article
      aria-labelledby={`province-${province.code}`}
      data-province={province.code}
      className="flex h-full flex-col gap-4 rounded-xl border border-border bg-card p-5 shadow-sm"
    >
      <header className="flex items-center justify-between gap-2">
        <h3 id={`province-${province.code}`} className="text-lg font-semibold">
          {/* the province itself is one tap away: its listing opens on the default category */}
          <AppLink
            href={`/ca/${province.code}`}
            className="rounded-sm underline-offset-4 outline-none hover:text-primary hover:underline focus-visible:ring-2 focus-visible:ring-ring"
          >
            {provinceName(province.code)}
          </AppLink>
        </h3>
        <span className="rounded-md bg-muted px-2 py-0.5 font-mono text-xs text-muted-foreground">
          {province.code}
        </span>
      </header>
      <ul
        aria-label={fill(t.categoriesOf, { province: provinceName(province.code) })}
        className="flex flex-wrap gap-x-3 gap-y-1 text-sm"
      >
        {CATEGORIES.map((c) => (
          <li key={c.key}>
            <AppLink
              href={listingHref({ province: province.code, category: c.key, search: {} })}
              className="font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-ring"
            >
              {categoryName(c.key)}
            </AppLink>
          </li>
        ))}
      </ul>
      <div className="grid gap-1.5">
        <label htmlFor={selectId} className="text-sm font-medium">
          {t.categoryLabel}
        </label>
        <LazySelect
          id={selectId}
          value={category}
          placeholder={t.categoryPlaceholder}
          items={categoryItems()}
          onValueChange={(value) => {
            if (isCategoryKey(value)) setCategory(value)
          }}
        />
      </div>
      <ul
        aria-label={t.citiesOf.replace('{province}', provinceName(province.code))}
        className="flex flex-wrap gap-2"
      >
        {province.cities.slice(0, MAX_CITY_CHIPS).map((city) => (
          <li key={city}>
            <button
              type="button"
              onClick={() => go(city)}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-background px-3 py-1 text-sm outline-none transition-colors hover:border-primary hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
            >
              <MapPinIcon className="size-3.5" aria-hidden="true" />
              {city}
            </button>
          </li>
        ))}
      </ul>
      <Button variant="default" className="mt-auto w-full" onClick={() => go()}>
        {t.viewAll}
        <span className="sr-only"> {provinceName(province.code)}</span>
      </Button>
    </article>
  )
}
