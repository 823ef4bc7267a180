import { getRouteApi } from '@tanstack/react-router'
import { SearchIcon } from 'lucide-react'
import { type FormEvent, useId, useMemo } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { LazySelect } from '#client/components/ui/lazy-select.tsx'
import { msg } from '#client/i18n/messages.ts'
import { categoryName, companionName } from '#client/i18n/names.ts'
import {
  CATEGORIES,
  type CategoryKey,
  COMPANION_TYPES,
  isCategoryKey,
  isCompanionType,
  SERVICES_CATEGORY,
} from '#domain/categories.ts'
import { SORT_OPTIONS, type SortOption } from '#domain/constants.ts'
import { foldAccents } from '#domain/fold-accents.ts'
import { isAllCities } from '#domain/listing.ts'
import { ALL, PROVINCES, type ProvinceOrAll } from '#domain/provinces.ts'
import type { ListingSearch } from '../listing-search.ts'

const m = msg.listing
const routeApi = getRouteApi('/ca/$province/$category')

// cities compare without case, accents or stray spaces: "montreal " picks Montréal
const cityKey = (name: string) => foldAccents(name.trim())

function isSortOption(value: string): value is SortOption {
  return (SORT_OPTIONS as readonly string[]).includes(value)
}

/**
 * The cities offered: the province's major cities, plus the cities of the ads on screen and the current
 * one, so a city picked in the header never vanishes from the list.
 */
function cityOptions(
  province: ProvinceOrAll,
  listed: readonly string[],
  current: string | undefined,
): string[] {
  const provinces = province === ALL ? PROVINCES : PROVINCES.filter((p) => p.code === province)
  const names = [...provinces.flatMap((p) => p.cities), ...listed]
  if (current && !isAllCities(current)) names.push(current)
  const seen = new Set<string>()
  return names.filter((name) => {
    const key = cityKey(name)
    if (key === '' || seen.has(key)) return false
    seen.add(key)
    return true
  })
}

export interface ListingFiltersProps {
  province: ProvinceOrAll
  category: CategoryKey
  search: ListingSearch
  /** the cities of the ads on screen */
  listedCities: readonly string[]
  /** Called after the keyword search is submitted (the phone sheet closes to show the results). */
  onApplied?: () => void
}

export function ListingFilters({ province, category, search, listedCities, onApplied }: ListingFiltersProps) {
  const navigate = routeApi.useNavigate()
  const id = useId()
  const listedKey = listedCities.join('\n')
  // the cities' text is the dependency, not the array's identity (a new array on every render)
  const cities = useMemo(
    () => cityOptions(province, listedKey ? listedKey.split('\n') : [], search.city),
    [province, listedKey, search.city],
  )
  const currentCity = isAllCities(search.city)
    ? ALL
    : (cities.find((c) => cityKey(c) === cityKey(search.city)) ?? ALL)

  // every filter change starts again at page 1: the old page number means nothing in the new list
  const update = (patch: Partial<ListingSearch>) =>
    navigate({ search: (prev) => ({ ...prev, ...patch, page: 1 }) })

  const changeCategory = (next: string) => {
    if (!isCategoryKey(next)) return
    navigate({
      to: '/ca/$province/$category',
      params: (prev) => ({ province: prev.province ?? province, category: next }),
      search: (prev) => ({
        ...prev,
        page: 1,
        escortType: next === SERVICES_CATEGORY ? prev.escortType : undefined,
      }),
    })
  }

  const submitKeyword = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const value = new FormData(event.currentTarget).get('q')
    const q = typeof value === 'string' ? value.trim() : ''
    update({ q: q === '' ? undefined : q })
    onApplied?.()
  }

  // keeps the province and category of the path: Clear resets what the panel below sets
  const clear = () => navigate({ search: {} })

  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-category`}>{m.category}</Label>
        <LazySelect
          id={`${id}-category`}
          value={category}
          placeholder={categoryName(category)}
          items={CATEGORIES.map((c) => ({ value: c.key, label: categoryName(c.key) }))}
          onValueChange={changeCategory}
        />
      </div>

      {category === SERVICES_CATEGORY && (
        <div className="flex flex-col gap-2">
          <Label htmlFor={`${id}-type`}>{m.companionType}</Label>
          <LazySelect
            id={`${id}-type`}
            value={search.escortType ?? ALL}
            placeholder={m.allCompanionTypes}
            items={[
              { value: ALL, label: m.allCompanionTypes },
              ...COMPANION_TYPES.map((t) => ({ value: t, label: companionName(t) })),
            ]}
            onValueChange={(v) => update({ escortType: isCompanionType(v) ? v : undefined })}
          />
        </div>
      )}

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-city`}>{m.city}</Label>
        <LazySelect
          id={`${id}-city`}
          value={currentCity}
          placeholder={m.allCities}
          items={[{ value: ALL, label: m.allCities }, ...cities.map((c) => ({ value: c, label: c }))]}
          onValueChange={(v) => update({ city: v })}
        />
      </div>

      <form className="flex flex-col gap-2" onSubmit={submitKeyword}>
        <Label htmlFor={`${id}-q`}>{m.search}</Label>
        <div className="flex gap-2">
          {/* keyed by the URL's q so back/forward and Clear refresh the box */}
          <Input
            key={search.q ?? ''}
            id={`${id}-q`}
            name="q"
            type="search"
            enterKeyHint="search"
            defaultValue={search.q ?? ''}
            placeholder={m.searchPlaceholder}
          />
          <Button type="submit" variant="secondary" size="icon" aria-label={m.searchButton}>
            <SearchIcon aria-hidden="true" />
          </Button>
        </div>
      </form>

      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-sort`}>{m.sort}</Label>
        <LazySelect
          id={`${id}-sort`}
          value={search.sort}
          placeholder={m.sortOptions[search.sort]}
          items={SORT_OPTIONS.map((s) => ({ value: s, label: m.sortOptions[s] }))}
          onValueChange={(v) => isSortOption(v) && update({ sort: v })}
        />
      </div>

      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-verified`}
          checked={search.verified}
          onCheckedChange={(checked) => update({ verified: checked === true })}
        />
        <Label htmlFor={`${id}-verified`}>{m.verifiedOnly}</Label>
      </div>

      <div className="flex items-center gap-3">
        <Checkbox
          id={`${id}-available`}
          checked={search.available}
          onCheckedChange={(checked) => update({ available: checked === true })}
        />
        <Label htmlFor={`${id}-available`}>{m.availableOnly}</Label>
      </div>

      <Button variant="outline" onClick={clear}>
        {m.clear}
      </Button>
    </div>
  )
}
