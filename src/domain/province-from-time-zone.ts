// The province a visitor most likely browses from, guessed from the browser's IANA time zone
// (Intl.DateTimeFormat().resolvedOptions().timeZone): no location permission, no network call.
// A zone shared by provinces names the most populous one (America/Toronto also covers western Quebec
// and Nunavut's Iqaluit); a zone outside Canada guesses nothing and the visitor chooses.
import type { ProvinceCode } from './provinces.ts'

const ZONES: Record<string, ProvinceCode> = {
  'America/Toronto': 'ON',
  'America/Nipigon': 'ON',
  'America/Thunder_Bay': 'ON',
  'America/Atikokan': 'ON',
  'America/Montreal': 'QC',
  'America/Blanc-Sablon': 'QC',
  'America/Vancouver': 'BC',
  'America/Fort_Nelson': 'BC',
  'America/Creston': 'BC',
  'America/Dawson_Creek': 'BC',
  'America/Edmonton': 'AB',
  'America/Winnipeg': 'MB',
  'America/Rainy_River': 'MB',
  'America/Regina': 'SK',
  'America/Swift_Current': 'SK',
  'America/Halifax': 'NS',
  'America/Glace_Bay': 'NS',
  'America/Moncton': 'NB',
  'America/St_Johns': 'NL',
  'America/Goose_Bay': 'NL',
  'America/Whitehorse': 'YT',
  'America/Dawson': 'YT',
  'America/Yellowknife': 'NT',
  'America/Inuvik': 'NT',
  'America/Iqaluit': 'NU',
  'America/Rankin_Inlet': 'NU',
  'America/Cambridge_Bay': 'NU',
  'America/Resolute': 'NU',
  'America/Pangnirtung': 'NU',
  // the old Canada/* aliases some systems still report
  'Canada/Eastern': 'ON',
  'Canada/Pacific': 'BC',
  'Canada/Mountain': 'AB',
  'Canada/Central': 'MB',
  'Canada/Saskatchewan': 'SK',
  'Canada/Atlantic': 'NS',
  'Canada/Newfoundland': 'NL',
  'Canada/Yukon': 'YT',
}

/** "America/Vancouver" → "BC"; null for a zone outside Canada or none. */
export function provinceFromTimeZone(timeZone: string | null | undefined): ProvinceCode | null {
  return (timeZone && ZONES[timeZone]) || null
}
