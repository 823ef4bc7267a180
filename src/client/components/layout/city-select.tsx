import { lazy, Suspense, useState } from 'react'
import { cn } from '#client/lib/cn.ts'
import { type CitySelectProps, CityTriggerContent, cityLabel, cityTriggerClass } from './city-trigger.tsx'

// The popover (Radix + positioning) loads on first hover/focus, like LazySelect, to keep it out of
// the first load; the city list itself is fetched only once the popover opens.
const loadPopover = () => import('./city-select-popover.tsx')
const CitySelectPopover = lazy(loadPopover)
const prefetch = () => void loadPopover()

/** The city selector: a filterable list of the province's places. */
export function CitySelect(props: CitySelectProps) {
  const [active, setActive] = useState(false)
  const { id, value, className, ariaLabel } = props
  const trigger = (
    <button
      type="button"
      id={id}
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-label={ariaLabel ? `${ariaLabel}: ${cityLabel(value)}` : undefined}
      className={cn(cityTriggerClass, className)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setActive(true)}
    >
      <CityTriggerContent value={value} />
    </button>
  )
  if (!active) return trigger
  return (
    <Suspense fallback={trigger}>
      <CitySelectPopover {...props} />
    </Suspense>
  )
}
