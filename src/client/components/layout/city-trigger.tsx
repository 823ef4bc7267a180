import { ChevronDownIcon, MapPinIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { ALL, type ProvinceOrAll } from '#domain/provinces.ts'

export interface CitySelectProps {
  id: string
  province: ProvinceOrAll
  /** a city name, ALL ('All cities'), or undefined for the 'City' placeholder */
  value: string | undefined
  onSelect: (city: string) => void
  className?: string
  ariaLabel?: string
}

export const cityTriggerClass =
  'flex h-10 w-full items-center justify-between gap-2 rounded-md border border-input bg-background px-3 text-sm text-foreground shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40'

/** 'City' when no listing is open, 'All cities' for ALL, else the city's name. */
export function cityLabel(value: string | undefined): string {
  if (value === undefined) return msg.layout.cityPlaceholder
  return value === ALL ? msg.layout.allCities : value
}

/** The inside of the city selector's button, shared by the light and the loaded versions. */
export function CityTriggerContent({ value }: { value: string | undefined }) {
  return (
    <>
      <span className={cn('flex min-w-0 items-center gap-2', value === undefined && 'text-muted-foreground')}>
        <MapPinIcon className="size-4 shrink-0 opacity-70" aria-hidden="true" />
        <span className="truncate">{cityLabel(value)}</span>
      </span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
    </>
  )
}
