import { CheckIcon } from 'lucide-react'
import { Popover } from 'radix-ui'
import { useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { msg } from '#client/i18n/messages.ts'
import { useCityOptions } from '#client/lib/cities/use-city-options.ts'
import { cn } from '#client/lib/cn.ts'
import { ALL } from '#domain/provinces.ts'
import { type CitySelectProps, CityTriggerContent, cityLabel, cityTriggerClass } from './city-trigger.tsx'

const t = msg.layout

/** The loaded city selector; it mounts open because the user just clicked its trigger. */
export default function CitySelectPopover({
  id,
  province,
  value,
  onSelect,
  className,
  ariaLabel,
}: CitySelectProps) {
  const [open, setOpen] = useState(true)
  const { filter, setFilter, cities, loading } = useCityOptions(province, open)
  const choose = (city: string) => {
    setOpen(false)
    onSelect(city)
  }
  const listId = `${id}-list`

  return (
    <Popover.Root open={open} onOpenChange={setOpen}>
      <Popover.Trigger
        id={id}
        aria-label={ariaLabel ? `${ariaLabel}: ${cityLabel(value)}` : undefined}
        className={cn(cityTriggerClass, className)}
      >
        <CityTriggerContent value={value} />
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          aria-label={t.cityLabel}
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
            aria-busy={loading}
            className="mt-2 max-h-72 overflow-y-auto"
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
