import { msg } from '#client/i18n/messages.ts'
import { categoryName, companionName } from '#client/i18n/names.ts'
import { cn } from '#client/lib/cn.ts'
import { categoryLinks } from '#domain/categories.ts'
import type { ProvinceOrAll } from '#domain/provinces.ts'
import { AppLink } from './app-link.tsx'
import { listingHref } from './listing-target.ts'

const LINKS = categoryLinks()

export interface CategoryLinksProps {
  province: ProvinceOrAll
  city?: string
  className?: string
  linkClassName?: string
  onNavigate?: () => void
  /** wrap onto several lines (drawer) or stay on one scrollable line (header bar) */
  wrap?: boolean
}

/** The first 6 category links: the three companion types, then the visible categories. */
export function CategoryLinks({
  province,
  city,
  className,
  linkClassName,
  onNavigate,
  wrap = true,
}: CategoryLinksProps) {
  return (
    <nav aria-label={msg.layout.categoriesLabel} className={className}>
      <ul className={cn('flex gap-1', wrap ? 'flex-wrap' : 'flex-nowrap')}>
        {LINKS.map((link) => (
          <li key={`${link.category}-${link.escortType ?? ''}`}>
            <AppLink
              href={listingHref({
                province,
                category: link.category,
                search: {
                  ...(city ? { city } : {}),
                  ...(link.escortType ? { escortType: link.escortType } : {}),
                },
              })}
              onClick={onNavigate}
              className={cn(
                'inline-flex items-center whitespace-nowrap rounded-full px-3 py-1.5 text-sm font-medium outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring',
                linkClassName,
              )}
            >
              {link.escortType ? companionName(link.escortType) : categoryName(link.category)}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  )
}
