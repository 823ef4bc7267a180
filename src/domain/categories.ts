// The four ad categories and the three companion types. adult-services is hidden
// from the category links: it is reached through the companion-type links instead.

export const CATEGORY_KEYS = [
  'adult-buy-sell',
  'adult-castings',
  'adult-pics-vids',
  'adult-services',
] as const
export type CategoryKey = (typeof CATEGORY_KEYS)[number]

export const DEFAULT_CATEGORY: CategoryKey = 'adult-buy-sell'
export const SERVICES_CATEGORY: CategoryKey = 'adult-services'

/** Icon names are lucide-react component names; the client maps them to components. */
export type CategoryIcon = 'ShoppingBag' | 'Clapperboard' | 'Camera' | 'Heart'

export interface Category {
  key: CategoryKey
  label: string
  color: string
  icon: CategoryIcon
  hidden?: boolean
}

export const CATEGORIES: readonly Category[] = [
  { key: 'adult-buy-sell', label: 'Adult Buy & Sell', color: '#e11d48', icon: 'ShoppingBag' },
  { key: 'adult-castings', label: 'Adult Castings', color: '#7c3aed', icon: 'Clapperboard' },
  { key: 'adult-pics-vids', label: 'Adult Pics/Vids', color: '#0891b2', icon: 'Camera' },
  { key: 'adult-services', label: 'Adult Companions', color: '#db2777', icon: 'Heart', hidden: true },
]

export const COMPANION_TYPES = ['female-companion', 'male-companion', 'trans-companion'] as const
export type CompanionType = (typeof COMPANION_TYPES)[number]

export const COMPANION_LABELS: Record<CompanionType, string> = {
  'female-companion': 'Female Companion',
  'male-companion': 'Male Companion',
  'trans-companion': 'Trans Companion',
}

export function isCategoryKey(value: string): value is CategoryKey {
  return (CATEGORY_KEYS as readonly string[]).includes(value)
}

export function isCompanionType(value: string): value is CompanionType {
  return (COMPANION_TYPES as readonly string[]).includes(value)
}

/** Category keys are matched case-insensitively; an unknown one falls back to the default. */
export function matchCategory(value: string | undefined | null): CategoryKey {
  const lower = value?.trim().toLowerCase() ?? ''
  return isCategoryKey(lower) ? lower : DEFAULT_CATEGORY
}

export interface CategoryLink {
  label: string
  category: CategoryKey
  escortType?: CompanionType
}

/**
 * The header's category links: the three companion types (all in adult-services) followed by the
 * non-hidden categories, the first 6 of them.
 */
export function categoryLinks(): CategoryLink[] {
  const companions: CategoryLink[] = COMPANION_TYPES.map((type) => ({
    label: COMPANION_LABELS[type],
    category: SERVICES_CATEGORY,
    escortType: type,
  }))
  const visible: CategoryLink[] = CATEGORIES.filter((c) => !c.hidden).map((c) => ({
    label: c.label,
    category: c.key,
  }))
  return [...companions, ...visible].slice(0, 6)
}
