import { Link } from '@tanstack/react-router'
import { ChevronLeftIcon, ChevronRightIcon } from 'lucide-react'
import { buttonVariants } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { pageNumbers } from '#domain/listing.ts'

const m = msg.listing
const FROM = '/ca/$province/$category'

/** Numbered pages as real links, so each page has its own shareable URL and works with back/forward. */
export function ListingPagination({ page, pageCount }: { page: number; pageCount: number }) {
  if (pageCount <= 1) return null
  const linkClass = (active = false) =>
    cn(buttonVariants({ variant: active ? 'default' : 'outline', size: 'icon' }), 'size-10')
  return (
    <nav aria-label={m.pagination} className="mt-8 flex justify-center">
      <ul className="flex flex-wrap items-center justify-center gap-1.5">
        <li>
          {page > 1 ? (
            <Link
              from={FROM}
              search={(prev) => ({ ...prev, page: page - 1 })}
              className={linkClass()}
              aria-label={m.previous}
            >
              <ChevronLeftIcon aria-hidden="true" />
            </Link>
          ) : (
            <span className={cn(linkClass(), 'pointer-events-none opacity-40')} aria-hidden="true">
              <ChevronLeftIcon />
            </span>
          )}
        </li>
        {pageNumbers(page, pageCount).map((n, i) =>
          n === null ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity of their own
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted-foreground">
              …
            </li>
          ) : (
            <li key={n}>
              <Link
                from={FROM}
                search={(prev) => ({ ...prev, page: n })}
                className={linkClass(n === page)}
                aria-label={fill(m.goToPage, { page: n })}
                aria-current={n === page ? 'page' : undefined}
              >
                {n}
              </Link>
            </li>
          ),
        )}
        <li>
          {page < pageCount ? (
            <Link
              from={FROM}
              search={(prev) => ({ ...prev, page: page + 1 })}
              className={linkClass()}
              aria-label={m.next}
            >
              <ChevronRightIcon aria-hidden="true" />
            </Link>
          ) : (
            <span className={cn(linkClass(), 'pointer-events-none opacity-40')} aria-hidden="true">
              <ChevronRightIcon />
            </span>
          )}
        </li>
      </ul>
    </nav>
  )
}
