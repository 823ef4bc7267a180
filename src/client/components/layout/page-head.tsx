import { createContext, useContext, useEffect } from 'react'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import type { PageHeadInfo } from '#domain/pages.ts'

/**
 * Set by the server render (src/client/entry-server.tsx), which turns what a page declares into
 * <head> tags and the status code; absent in the browser, where the tab title and description follow
 * the page instead.
 */
export const PageHeadCollector = createContext<((head: PageHeadInfo) => void) | null>(null)

export function pageTitle(title: string): string {
  return fill(msg.app.pageTitle, { page: title })
}

function setMeta(name: string, content: string): void {
  document.querySelector(`meta[name="${name}"]`)?.setAttribute('content', content)
}

/** Declares the page's head; renders nothing. The last one rendered wins, as pages render one each. */
export function PageHead(head: PageHeadInfo) {
  const collect = useContext(PageHeadCollector)
  // rendering on the server: this render is the only chance to say it, and it has no effects
  collect?.(head)
  const { title, description } = head
  useEffect(() => {
    document.title = pageTitle(title)
    setMeta('description', description)
    return () => {
      // the next page may declare nothing (a form, the wallet): it gets the site's own title back
      document.title = msg.app.documentTitle
      setMeta('description', msg.app.description)
    }
  }, [title, description])
  return null
}
