import { useEffect, useState } from 'react'
import { AppLink } from '#client/components/layout/app-link.tsx'
import { listingHref } from '#client/components/layout/listing-target.ts'
import { ProvinceSelect } from '#client/components/layout/province-select.tsx'
import { msg } from '#client/i18n/messages.ts'
import { categoryName, provinceName } from '#client/i18n/names.ts'
import { type HomeProvince, readHomeProvince, rememberHomeProvince } from '#client/lib/home-province.ts'
import { CATEGORIES } from '#domain/categories.ts'
import { ALL, isProvinceCode } from '#domain/provinces.ts'
import { CategoryIcon } from './category-icon.tsx'

const t = msg.home

/**
 * The visitor's province first, with its categories one tap away: on a phone this is the whole first
 * screen under the search. The server's render (and the first render over it) names no province; the
 * remembered or guessed one follows at once.
 */
export function YourProvince() {
  const [home, setHome] = useState<HomeProvince>({ province: null, guessed: false })
  useEffect(() => setHome(readHomeProvince()), [])
  const province = home.province ?? ALL

  return (
    <section aria-labelledby="your-province" className="mx-auto w-full max-w-7xl px-4 pt-6 sm:pt-8">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="min-w-0">
          <h2 id="your-province" className="text-2xl font-bold tracking-tight">
            {home.province ? provinceName(home.province) : t.yourProvince}
          </h2>
          <p className="mt-1 text-sm text-muted-foreground" data-testid="your-province-hint">
            {home.province
              ? home.guessed
                ? t.yourProvinceNearest
                : t.yourProvinceHint
              : t.yourProvinceChoose}
          </p>
        </div>
        <ProvinceSelect
          id="home-province"
          ariaLabel={t.yourProvince}
          value={home.province ?? undefined}
          className="w-full sm:w-64"
          onValueChange={(next) => {
            if (!isProvinceCode(next)) return
            rememberHomeProvince(next)
            setHome({ province: next, guessed: false })
          }}
        />
      </div>
      <ul aria-label={t.topCategories} className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        {CATEGORIES.map((c) => (
          <li key={c.key}>
            <AppLink
              href={listingHref({ province, category: c.key, search: {} })}
              className="flex h-full items-center gap-2 rounded-lg border border-border bg-card px-3 py-2.5 text-sm font-semibold shadow-sm outline-none transition hover:border-primary focus-visible:ring-2 focus-visible:ring-ring"
            >
              <span
                className="flex size-8 shrink-0 items-center justify-center rounded-md text-white"
                style={{ backgroundColor: c.color }}
              >
                <CategoryIcon name={c.icon} className="size-4" />
              </span>
              <span className="min-w-0 break-words hyphens-auto">{categoryName(c.key)}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
