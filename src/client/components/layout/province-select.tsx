import { LazySelect, type LazySelectItem } from '#client/components/ui/lazy-select.tsx'
import { en } from '#client/i18n/en.ts'
import { cn } from '#client/lib/cn.ts'
import { ALL, ALL_CANADA_LABEL, matchProvince, PROVINCES, type ProvinceOrAll } from '#domain/provinces.ts'

const ITEMS: readonly LazySelectItem[] = [
  { value: ALL, label: ALL_CANADA_LABEL, separatorAfter: true },
  ...PROVINCES.map((p) => ({ value: p.code, label: p.name })),
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
      placeholder={en.layout.provincePlaceholder}
      items={ITEMS}
      ariaLabel={ariaLabel}
      className={cn('w-full', className)}
      onValueChange={(next) => {
        const matched = matchProvince(next)
        if (matched) onValueChange(matched)
      }}
    />
  )
}
