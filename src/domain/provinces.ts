// The 13 provinces and territories, each with its major cities (1 to 7), as the product lists them.
// The full list of places per province comes from the API (GET /api/meta/cities); these are the
// ones we show as quick links and use for the generated ads.

export const PROVINCE_CODES = [
  'ON',
  'BC',
  'AB',
  'QC',
  'MB',
  'SK',
  'NS',
  'NB',
  'NL',
  'PE',
  'NT',
  'YT',
  'NU',
] as const
export type ProvinceCode = (typeof PROVINCE_CODES)[number]

/** The route and selector value meaning "every province". */
export const ALL = 'ALL'
export type ProvinceOrAll = ProvinceCode | typeof ALL

export interface Province {
  code: ProvinceCode
  name: string
  cities: readonly string[]
}

export const PROVINCES: readonly Province[] = [
  {
    code: 'ON',
    name: 'Ontario',
    cities: ['Toronto', 'Ottawa', 'Mississauga', 'Hamilton', 'London', 'Kitchener', 'Windsor'],
  },
  {
    code: 'BC',
    name: 'British Columbia',
    cities: ['Vancouver', 'Surrey', 'Burnaby', 'Victoria', 'Kelowna', 'Richmond', 'Abbotsford'],
  },
  {
    code: 'AB',
    name: 'Alberta',
    cities: ['Calgary', 'Edmonton', 'Red Deer', 'Lethbridge', 'St. Albert', 'Medicine Hat', 'Grande Prairie'],
  },
  {
    code: 'QC',
    name: 'Quebec',
    cities: ['Montréal', 'Québec City', 'Laval', 'Gatineau', 'Longueuil', 'Sherbrooke', 'Trois-Rivières'],
  },
  { code: 'MB', name: 'Manitoba', cities: ['Winnipeg', 'Brandon', 'Steinbach', 'Thompson'] },
  { code: 'SK', name: 'Saskatchewan', cities: ['Saskatoon', 'Regina', 'Prince Albert', 'Moose Jaw'] },
  { code: 'NS', name: 'Nova Scotia', cities: ['Halifax', 'Sydney', 'Truro'] },
  { code: 'NB', name: 'New Brunswick', cities: ['Moncton', 'Saint John', 'Fredericton'] },
  { code: 'NL', name: 'Newfoundland and Labrador', cities: ["St. John's", 'Mount Pearl', 'Corner Brook'] },
  { code: 'PE', name: 'Prince Edward Island', cities: ['Charlottetown', 'Summerside'] },
  { code: 'NT', name: 'Northwest Territories', cities: ['Yellowknife'] },
  { code: 'YT', name: 'Yukon', cities: ['Whitehorse'] },
  { code: 'NU', name: 'Nunavut', cities: ['Iqaluit'] },
]

export function isProvinceCode(value: string): value is ProvinceCode {
  return (PROVINCE_CODES as readonly string[]).includes(value)
}

/**
 * Reads a province from a URL segment or query value. Matching ignores case because people type
 * URLs by hand (/ca/on/...); anything unknown is undefined so the caller decides what to show.
 */
export function matchProvince(value: string | undefined | null): ProvinceOrAll | undefined {
  if (!value) return undefined
  const upper = value.trim().toUpperCase()
  if (upper === ALL) return ALL
  return isProvinceCode(upper) ? upper : undefined
}

export function findProvince(code: string | undefined | null): Province | undefined {
  const matched = matchProvince(code)
  return matched && matched !== ALL ? PROVINCES.find((p) => p.code === matched) : undefined
}
