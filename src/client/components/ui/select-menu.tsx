import { Fragment } from 'react'
import { Select, SelectContent, SelectItem, SelectSeparator, SelectTrigger, SelectValue } from './select.tsx'
import type { LazySelectProps } from './select-styles.ts'

/** The Radix select LazySelect swaps in on first use; it mounts open because the user just asked. */
export default function SelectMenu({
  id,
  value,
  placeholder,
  items,
  onValueChange,
  ariaLabel,
  className,
}: LazySelectProps) {
  return (
    // '' keeps Radix in its placeholder state; no item ever has that value
    <Select defaultOpen value={value ?? ''} onValueChange={onValueChange}>
      <SelectTrigger id={id} aria-label={ariaLabel} className={className}>
        <SelectValue placeholder={placeholder} />
      </SelectTrigger>
      <SelectContent>
        {items.map((item) => (
          <Fragment key={item.value}>
            <SelectItem value={item.value}>{item.label}</SelectItem>
            {item.separatorAfter && <SelectSeparator />}
          </Fragment>
        ))}
      </SelectContent>
    </Select>
  )
}
