// The province the home page leads with: the last one the visitor chose there (localStorage,
// STORAGE_KEYS.homeProvince), else the nearest one from the browser's time zone, else none (the
// visitor chooses). Read only in the browser: the server's render of home names no province.
import { STORAGE_KEYS } from '#domain/constants.ts'
import { provinceFromTimeZone } from '#domain/province-from-time-zone.ts'
import { isProvinceCode, type ProvinceCode } from '#domain/provinces.ts'

export interface HomeProvince {
  province: ProvinceCode | null
  /** true when guessed from the time zone, not chosen */
  guessed: boolean
}

export function readHomeProvince(): HomeProvince {
  let stored: string | null = null
  try {
    stored = localStorage.getItem(STORAGE_KEYS.homeProvince)
  } catch {
    // storage disabled: guess again each visit
  }
  if (stored && isProvinceCode(stored)) return { province: stored, guessed: false }
  const guess = provinceFromTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone)
  return { province: guess, guessed: guess !== null }
}

export function rememberHomeProvince(province: ProvinceCode): void {
  try {
    localStorage.setItem(STORAGE_KEYS.homeProvince, province)
  } catch {
    // storage disabled: the choice holds for this visit only
  }
}
