import { CheckIcon, ChevronDownIcon, MapPinIcon } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { useCityOptions } from '#client/features/cities/use-city-options.ts'
import { en } from '#client/i18n/en.ts'
import { cn } from '#client/lib/cn.ts'
import { ALL, type ProvinceOrAll } from '#domain/provinces.ts'

const t = en.layout

export interface CitySelectProps {
  id: string
  province: ProvinceOrAll
  /** a city name, ALL ('All cities'), or undefined for the 'City' placeholder */
  value: string | undefined
  onSelect: (city: string) => void
  className?: string
  ariaLabel?: string
}

/** The city selector of spec section 2: a filterable list loaded from the API when opened. */
export function CitySelect({ id, province, value, onSelect, className, ariaLabel }: CitySelectProps) {
  const [open, setOpen] = useState(false)
  const { filter, setFilter, cities, loading } = useCityOptions(province, open)
  const label = value === undefined ? t.cityPlaceholder : value === ALL ? t.allCities : value
  const choose = (city: string) => {
    setOpen(false)
    onSelect(city)
  }
  const listId = `${id}-list`

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        aria-label={ariaLabel ? `${ariaLabel}: ${label}` : undefined}
        className={cn(
          'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40',
          className,
        )}
      >
        <span
          className={cn('flex min-w-0 items-center gap-2', value === undefined && 'text-muted-foreground')}
        >
          <MapPinIcon className="size-4 shrink-0 opacity-70" aria-hidden="true" />
          <span className="truncate">{label}</span>
        </span>
        <ChevronDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          className="z-50 w-(--radix-popover-trigger-width) min-w-64 rounded-md border border-border bg-popover p-2 text-popover-foreground shadow-lg"
        >
          <Input
            autoFocus
            value={filter}
            onChange={(e) => setFilter(e.target.value)}
            placeholder={t.cityFilterPlaceholder}
            aria-label={t.cityFilterLabel}
            aria-controls={listId}
            className="h-9"
          />
          <ul
            id={listId}
            aria-label={t.cityLabel}
            className="mt-2 max-h-72 overflow-y-auto"
            aria-busy={loading}
          >
            {filter === '' && (
              <CityOption label={t.allCities} selected={value === ALL} onClick={() => choose(ALL)} />
            )}
            {cities.map((c) => (
              <CityOption
                key={c.name}
                label={c.name}
                selected={value === c.name}
                onClick={() => choose(c.name)}
              />
            ))}
            {loading && <li className="px-2 py-2 text-sm text-muted-foreground">{t.cityLoading}</li>}
            {!loading && cities.length === 0 && (
              <li className="px-2 py-2 text-sm text-muted-foreground">{t.cityEmpty}</li>
            )}
          </ul>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  )
}

function CityOption({ label, selected, onClick }: { label: string; selected: boolean; onClick: () => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={onClick}
        aria-current={selected ? 'true' : undefined}
        className="flex w-full items-center justify-between rounded-sm px-2 py-2 text-left text-sm outline-none hover:bg-accent focus-visible:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
      >
        <span className="truncate">{label}</span>
        {selected && <CheckIcon className="size-4 shrink-0" aria-hidden="true" />}
      </button>
    </li>
  )
}
