// Renders the home page to HTML at build time (scripts/vite/prerender-home.ts), so the first paint of
// `/` (header and hero, the LCP element) needs only the HTML and the stylesheet, not the JavaScript.
// It is rendered as the server renders listing and ad pages (entry-server.tsx), the router's scripts
// included, so the app adopts it the same way (app.tsx: hydration from `$_TSR`). Rendered as a
// signed-out, 18+-confirmed visitor: what a first visit sees once the gate is passed, once in each
// language (the server sends the one the visitor asks for, src/server/routes/pages.ts).
import { msg } from '#client/i18n/messages.ts'
import type { Language } from '#domain/languages.ts'
import { renderPage, setup } from './entry-server.tsx'

export interface RenderedHome {
  markup: string
  /** the router's scripts, for after #root */
  scripts: string
  /** the resource hints React writes first, for <head> */
  preloads: string
  title: string
  description: string
}

let rendering: Language = 'en'
setup({
  fetch: () => Promise.reject(new Error('the home is drawn from no data')),
  renderLanguage: () => rendering,
})

export async function renderHome(language: Language): Promise<RenderedHome> {
  rendering = language
  const page = await renderPage('/', language)
  if (page.redirect !== null) throw new Error(`prerender: / redirects to ${page.redirect}`)
  return {
    markup: page.html,
    scripts: page.scripts,
    preloads: page.preloads,
    title: page.documentTitle,
    description: msg.app.description,
  }
}
