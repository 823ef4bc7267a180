// The names of domain things (categories, companion types, provinces) in the active language. The
// domain keeps the English names for the server and the spec; screens show these.
import type { CategoryKey, CompanionType } from '#domain/categories.ts'
import { ALL, matchProvince, type ProvinceCode } from '#domain/provinces.ts'
import { msg } from './messages.ts'

export function categoryName(key: CategoryKey): string {
  return msg.names.categories[key]
}

export function companionName(type: CompanionType): string {
  return msg.names.companions[type]
}

export function provinceName(code: ProvinceCode): string {
  return msg.names.provinces[code]
}

/** A province code, or ALL ("All Canada"); an unknown code is shown as it is. */
export function provinceLabel(code: string): string {
  const matched = matchProvince(code)
  if (matched === ALL) return msg.listing.allCanada
  return matched ? provinceName(matched) : code
}
