import { LazySelect } from '#client/components/ui/lazy-select.tsx'
import type { LazySelectItem } from '#client/components/ui/select-styles.ts'
import { msg } from '#client/i18n/messages.ts'
import { provinceName } from '#client/i18n/names.ts'
import { cn } from '#client/lib/cn.ts'
import { ALL, matchProvince, PROVINCES, type ProvinceOrAll } from '#domain/provinces.ts'

// built at render so the names follow the active language
const items = (): readonly LazySelectItem[] => [
  { value: ALL, label: msg.listing.allCanada, separatorAfter: true },
  ...PROVINCES.map((p) => ({ value: p.code, label: provinceName(p.code) })),
]

export interface ProvinceSelectProps {
  id: string
  /** undefined shows the 'Select province' placeholder */
  value: ProvinceOrAll | undefined
  onValueChange: (province: ProvinceOrAll) => void
  className?: string
  /** when no visible <label> names the control */
  ariaLabel?: string
}

/** The province selector: ALL ('All Canada') or one of the 13 codes. */
export function ProvinceSelect({ id, value, onValueChange, className, ariaLabel }: ProvinceSelectProps) {
  return (
    <LazySelect
      id={id}
      value={value}
      placeholder={msg.layout.provincePlaceholder}
      items={items()}
      ariaLabel={ariaLabel}
      className={cn('w-full', className)}
      onValueChange={(next) => {
        const matched = matchProvince(next)
        if (matched) onValueChange(matched)
      }}
    />
  )
}
