import { getRouteApi } from '@tanstack/react-router'
import { SlidersHorizontalIcon } from 'lucide-react'
import { lazy, Suspense, useMemo, useRef, useState } from 'react'
import { PageHead } from '#client/components/layout/page-head.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { categoryName, companionName, provinceLabel } from '#client/i18n/names.ts'
import { formatResultCount } from '#client/lib/ad-format.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { SERVICES_CATEGORY } from '#domain/categories.ts'
import { isAllCities } from '#domain/listing.ts'
import { useAdsList } from '../api/list-ads.ts'
import { listingCanonicalPath, listingQuery } from '../listing-search.ts'
import { useOwnAdIds } from '../use-own-ad-ids.ts'
import { AdGrid } from './ad-grid.tsx'
import { LegalNotice } from './legal-notice.tsx'
import { ListingFilters } from './listing-filters.tsx'
import { ListingPagination } from './listing-pagination.tsx'
import { ListingStatus } from './listing-status.tsx'
import { SaveSearchButton } from './save-search-button.tsx'

const loadAdDialog = () => import('./ad-dialog.tsx')
const AdDialog = lazy(() => loadAdDialog().then((module) => ({ default: module.AdDialog })))
const loadFiltersSheet = () => import('./filters-sheet.tsx')
const FiltersSheet = lazy(() => loadFiltersSheet().then((module) => ({ default: module.FiltersSheet })))

const m = msg.listing
const routeApi = getRouteApi('/ca/$province/$category')

export function ListingPage({
  provinceParam,
  categoryParam,
}: {
  provinceParam: string
  categoryParam: string
}) {
  const search = routeApi.useSearch()
  const navigate = routeApi.useNavigate()
  const ownIds = useOwnAdIds()
  const [openAd, setOpenAd] = useState<PublicAd | null>(null)
  const [filtersOpen, setFiltersOpen] = useState(false)
  const [dialogWanted, setDialogWanted] = useState(false)
  const filtersButtonRef = useRef<HTMLButtonElement>(null)
  const closeFilters = () => {
    setFiltersOpen(false)
    // the sheet's own trigger is gone with it: focus goes back to the button that replaces it
    requestAnimationFrame(() => filtersButtonRef.current?.focus())
  }

  const query = useMemo(
    () => listingQuery(provinceParam, categoryParam, search),
    [provinceParam, categoryParam, search],
  )
  const { province, category, escortType } = query
  const list = useAdsList(query)
  const items = list.data?.items ?? []
  const total = list.data?.total ?? 0
  const pages = list.data?.pages ?? 0
  const currentPage = list.data?.page ?? search.page

  const categoryLabel = escortType ? companionName(escortType) : categoryName(category)
  const place = provinceLabel(province)
  const cityLabel = isAllCities(search.city) ? m.allCities : search.city

  const filtersButton = (
    <Button
      ref={filtersButtonRef}
      variant="outline"
      size="sm"
      onClick={() => setFiltersOpen(true)}
      onPointerEnter={() => void loadFiltersSheet()}
    >
      <SlidersHorizontalIcon aria-hidden="true" />
      {m.filters}
    </Button>
  )

  const filters = (
    <ListingFilters
      province={province}
      category={category}
      search={search}
      listedCities={items.map((ad) => ad.city)}
      onApplied={() => setFiltersOpen(false)}
    />
  )

  const heading = fill(m.heading, { category: categoryLabel, place })
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 sm:px-6 lg:py-8">
      <PageHead
        title={isAllCities(search.city) ? heading : `${heading} · ${search.city}`}
        description={fill(m.metaDescription, { category: categoryLabel, place })}
        canonicalPath={listingCanonicalPath(query)}
        // a keyword search is a view of the listing, not a page of its own
        noindex={Boolean(query.q)}
      />
      <header className="mb-5 flex flex-col gap-1">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{heading}</h1>
          <SaveSearchButton search={query} />
        </div>
        <p className="text-sm text-muted-foreground wrap-anywhere">
          <span>{place}</span>
          <span aria-hidden="true"> · </span>
          <span>{cityLabel}</span>
          <span aria-hidden="true"> · </span>
          <output aria-live="polite" data-testid="result-count">
            {list.data ? formatResultCount(total) : ''}
          </output>
        </p>
      </header>

      {category === SERVICES_CATEGORY && <LegalNotice />}

      <div className="lg:grid lg:grid-cols-[16rem_minmax(0,1fr)] lg:gap-8">
        <aside aria-label={m.filters} className="hidden lg:block">
          <div className="rounded-xl border border-border bg-card p-4">{filters}</div>
        </aside>

        <section aria-label={heading} className="min-w-0">
          <div className="mb-4 flex items-center justify-between gap-3 lg:hidden">
            {/* the sheet (Radix Dialog) loads the first time it is opened: most visitors never do */}
            {filtersOpen ? (
              <Suspense fallback={filtersButton}>
                <FiltersSheet onClose={closeFilters}>{filters}</FiltersSheet>
              </Suspense>
            ) : (
              filtersButton
            )}
            {pages > 1 && (
              <span className="text-sm text-muted-foreground">
                {fill(m.pageOf, { page: currentPage, pages })}
              </span>
            )}
          </div>

          <ListingStatus list={list} />
          {!list.data ? null : items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-border px-6 py-16 text-center">
              <h2 className="text-lg font-semibold">{m.emptyTitle}</h2>
              <p className="mt-1 text-sm text-muted-foreground">{m.emptyHint}</p>
              <Button variant="outline" className="mt-4" onClick={() => navigate({ search: {} })}>
                {m.clear}
              </Button>
            </div>
          ) : (
            <AdGrid
              ads={items}
              ownIds={ownIds}
              onIntent={() => void loadAdDialog()}
              onOpen={(ad) => {
                setDialogWanted(true)
                setOpenAd(ad)
              }}
            />
          )}

          <ListingPagination page={currentPage} pageCount={pages} />
        </section>
      </div>

      {/* the dialog (Radix) loads when a card is first pointed at, focused or opened */}
      {dialogWanted && (
        <Suspense fallback={null}>
          <AdDialog ad={openAd} onClose={() => setOpenAd(null)} />
        </Suspense>
      )}
    </div>
  )
}
