import { ArrowRightIcon } from 'lucide-react'
import { AppLink } from '#client/components/layout/app-link.tsx'
import { listingHref } from '#client/components/layout/listing-target.ts'
import { msg } from '#client/i18n/messages.ts'
import { categoryName } from '#client/i18n/names.ts'
import { CATEGORIES } from '#domain/categories.ts'
import { ALL } from '#domain/provinces.ts'
import { CategoryIcon } from './category-icon.tsx'

const t = msg.home

/** Every category, the hidden companions one included: the grid is how most visitors start. */
export function TopCategories() {
  return (
    <section aria-labelledby="top-categories" className="mx-auto w-full max-w-7xl px-4 py-10">
      <h2 id="top-categories" className="text-2xl font-bold tracking-tight">
        {t.topCategories}
      </h2>
      <p className="mt-1 text-muted-foreground">{t.topCategoriesSubtitle}</p>
      <ul className="mt-6 grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
        {CATEGORIES.map((c) => (
          <li key={c.key}>
            <AppLink
              href={listingHref({ province: ALL, category: c.key, search: {} })}
              className="group flex h-full flex-col gap-3 rounded-xl border border-border bg-card p-4 shadow-sm outline-none transition hover:-translate-y-0.5 hover:shadow-md focus-visible:ring-2 focus-visible:ring-ring max-[399px]:p-3 sm:p-5"
            >
              <span
                className="flex size-11 items-center justify-center rounded-lg text-white shadow-sm"
                style={{ backgroundColor: c.color }}
              >
                <CategoryIcon name={c.icon} className="size-6" />
              </span>
              <span className="flex items-center justify-between gap-2 font-semibold">
                {/* a long French word ("Accompagnement") needs the arrow's room on a 360 px phone, and
                    is cut with a hyphen where it still does not fit (320 px) */}
                <span className="min-w-0 break-words hyphens-auto max-[399px]:text-sm">
                  {categoryName(c.key)}
                </span>
                <ArrowRightIcon
                  className="size-4 shrink-0 text-muted-foreground transition group-hover:translate-x-0.5 max-[399px]:hidden"
                  aria-hidden="true"
                />
              </span>
              <span className="hidden text-sm text-muted-foreground sm:block">{t.categoryBlurbs[c.key]}</span>
            </AppLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
