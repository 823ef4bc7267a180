import { ChevronDownIcon } from 'lucide-react'
import { type KeyboardEvent, lazy, Suspense, useState } from 'react'
import { cn } from '#client/lib/cn.ts'
import { type LazySelectProps, selectTriggerClass } from './select-styles.ts'

// Radix Select (with its positioning engine) is about 25 KB of gzipped JavaScript. The header and the home
// page show many selects but most visitors never open one, so the first load gets a look-alike trigger and
// the real menu loads on first hover/focus and opens on click (docs/decisions/008-performance-budgets.md).

const loadMenu = () => import('./select-menu.tsx')
const SelectMenu = lazy(loadMenu)
const prefetch = () => void loadMenu()
const OPEN_KEYS = ['ArrowDown', 'ArrowUp', 'Enter', ' ']

export function LazySelect(props: LazySelectProps) {
  const [active, setActive] = useState(false)
  const { id, value, placeholder, items, ariaLabel, className } = props
  const label = items.find((i) => i.value === value)?.label
  const trigger = (
    <button
      type="button"
      id={id}
      role="combobox"
      aria-expanded={false}
      aria-autocomplete="none"
      aria-label={ariaLabel}
      data-placeholder={label === undefined ? '' : undefined}
      className={cn(selectTriggerClass, className)}
      onPointerEnter={prefetch}
      onFocus={prefetch}
      onClick={() => setActive(true)}
      onKeyDown={(event: KeyboardEvent) => {
        if (!OPEN_KEYS.includes(event.key)) return
        event.preventDefault()
        setActive(true)
      }}
    >
      <span>{label ?? placeholder}</span>
      <ChevronDownIcon className="size-4 shrink-0 opacity-60" aria-hidden="true" />
    </button>
  )
  if (!active) return trigger
  return (
    <Suspense fallback={trigger}>
      <SelectMenu {...props} />
    </Suspense>
  )
}
