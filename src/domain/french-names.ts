// The French names of the domain's places and companion types, for what the server writes in
// French (alert mails, the sample ads: docs/decisions/065-sample-ads-in-french.md). The client's
// screens have theirs in src/client/i18n/fr.ts. A place French calls the same is not listed.
import type { CategoryKey, CompanionType } from './categories.ts'
import type { ProvinceCode } from './provinces.ts'

export const FRENCH_PROVINCE_NAMES: Partial<Record<ProvinceCode, string>> = {
  BC: 'Colombie-Britannique',
  QC: 'Québec',
  NS: 'Nouvelle-Écosse',
  NB: 'Nouveau-Brunswick',
  NL: 'Terre-Neuve-et-Labrador',
  PE: 'Île-du-Prince-Édouard',
  NT: 'Territoires du Nord-Ouest',
}

export const FRENCH_CATEGORY_NAMES: Record<CategoryKey, string> = {
  'adult-buy-sell': 'Achat et vente pour adultes',
  'adult-castings': 'Castings pour adultes',
  'adult-pics-vids': 'Photos et vidéos pour adultes',
  'adult-services': 'Accompagnement pour adultes',
}

export const FRENCH_COMPANION_LABELS: Record<CompanionType, string> = {
  'female-companion': 'Accompagnatrice',
  'male-companion': 'Accompagnateur',
  'trans-companion': 'Accompagnement trans',
}

/** Cities whose French name differs from the one the product stores (the English one). */
const FRENCH_CITY_NAMES: Readonly<Record<string, string>> = {
  'Québec City': 'Québec',
}

/** A city's name in a language: its French name where French has one, else as stored. */
export function cityNameIn(city: string, language: 'en' | 'fr'): string {
  return language === 'fr' ? (FRENCH_CITY_NAMES[city] ?? city) : city
}
