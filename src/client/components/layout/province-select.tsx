import {
  Select,
  SelectContent,
  SelectItem,
  SelectSeparator,
  SelectTrigger,
  SelectValue,
} from '#client/components/ui/select.tsx'
import { en } from '#client/i18n/en.ts'
import { cn } from '#client/lib/cn.ts'
import { ALL, ALL_CANADA_LABEL, matchProvince, PROVINCES, type ProvinceOrAll } from '#domain/provinces.ts'

const t = en.layout

export interface ProvinceSelectProps {
  id: string
  /** undefined shows the 'Select province' placeholder */
  value: ProvinceOrAll | undefined
  onValueChange: (province: ProvinceOrAll) => void
  className?: string
  /** a visible label is the page's; the header passes its label via aria-label */
  ariaLabel?: string
}

export function ProvinceSelect({ id, value, onValueChange, className, ariaLabel }: ProvinceSelectProps) {
  return (
    <Select
      // '' keeps Radix in its placeholder state; items themselves never use an empty value (spec section 5)
      value={value ?? ''}
      onValueChange={(next) => {
        const matched = matchProvince(next)
        if (matched) onValueChange(matched)
      }}
    >
      <SelectTrigger id={id} aria-label={ariaLabel} className={cn('w-full', className)}>
        <SelectValue placeholder={t.provincePlaceholder} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={ALL}>{ALL_CANADA_LABEL}</SelectItem>
        <SelectSeparator />
        {PROVINCES.map((p) => (
          <SelectItem key={p.code} value={p.code}>
            {p.name}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  )
}
