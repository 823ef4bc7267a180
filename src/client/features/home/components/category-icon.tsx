import { CameraIcon, ClapperboardIcon, HeartIcon, type LucideProps, ShoppingBagIcon } from 'lucide-react'
import type { CategoryIcon as CategoryIconName } from '#domain/categories.ts'

const ICONS = {
  ShoppingBag: ShoppingBagIcon,
  Clapperboard: ClapperboardIcon,
  Camera: CameraIcon,
  Heart: HeartIcon,
} satisfies Record<CategoryIconName, unknown>

/** The lucide icon a category names in src/domain/categories.ts. */
export function CategoryIcon({ name, ...props }: LucideProps & { name: CategoryIconName }) {
  const Icon = ICONS[name]
  return <Icon aria-hidden="true" {...props} />
}
