import { useRouter } from '@tanstack/react-router'
import { SearchIcon } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { listingHref, searchTarget } from './listing-target.ts'
import { useCurrentLocation } from './use-current-location.ts'

const t = msg.layout

/** The header search: goes to the current category (or adult-buy-sell), keeping city and params. */
export function SearchForm({ id, className }: { id: string; className?: string }) {
  const router = useRouter()
  const current = useCurrentLocation()
  const currentQ = typeof current.search.q === 'string' ? current.search.q : ''
  const [keyword, setKeyword] = useState(currentQ)
  // follow the URL (back/forward, a filter cleared elsewhere) without fighting the user's typing: only
  // when it changes, never on mount, where words typed while the app started (given back to the field
  // by src/client/app-start.ts) would be wiped by the URL's empty q
  const followedQ = useRef(currentQ)
  useEffect(() => {
    if (followedQ.current === currentQ) return
    followedQ.current = currentQ
    setKeyword(currentQ)
  }, [currentQ])
  // the same search as a plain GET form, for a page the app has not taken over yet (server-rendered,
  // still loading its scripts) or a browser without JavaScript
  const plain = searchTarget(current, '')

  return (
    <search className={cn('w-full', className)}>
      <form
        action={`/ca/${plain.province}/${plain.category}`}
        method="get"
        className="flex w-full items-center"
        onSubmit={(event) => {
          event.preventDefault()
          void router.navigate({ href: listingHref(searchTarget(current, keyword)) })
        }}
      >
        {Object.entries(plain.search).map(([name, value]) => (
          <input
            key={name}
            type="hidden"
            name={name}
            value={typeof value === 'string' ? value : JSON.stringify(value)}
          />
        ))}
        <label htmlFor={id} className="sr-only">
          {t.searchLabel}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          enterKeyHint="search"
          value={keyword}
          onChange={(e) => setKeyword(e.target.value)}
          placeholder={t.searchPlaceholder}
          className="h-10 min-w-0 flex-1 rounded-l-md border border-r-0 border-white/15 bg-white/10 px-3 text-base text-chrome-foreground placeholder:text-chrome-muted outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/60 md:text-sm"
        />
        <button
          type="submit"
          className="inline-flex h-10 items-center gap-2 rounded-r-md bg-primary px-3 text-sm font-medium text-primary-foreground outline-none hover:bg-primary-hover focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-chrome"
        >
          <SearchIcon className="size-4" aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{t.searchButton}</span>
        </button>
      </form>
    </search>
  )
}
