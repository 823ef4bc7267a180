import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { linkManifestOf } from '../../src/domain/app-manifest.ts'
import { escapeHtml } from '../../src/domain/html-escape.ts'
import { afterBuild, withAppModule } from './after-build.ts'
import { lowPriorityScripts } from './low-priority-scripts.ts'

const ROOT_DIV = '<div id="root"></div>'

export const HOME_HTML = 'home.html'
// the same page in French, for /?lang=fr and French visitors (src/server/routes/pages.ts)
const HOME_FR_HTML = 'home.fr.html'

type Home = {
  renderHome: (language: 'en' | 'fr') => Promise<{
    markup: string
    scripts: string
    preloads: string
    title: string
    description: string
  }>
}

/**
 * Writes home.html: the built index.html with the home page's markup already inside #root and the
 * router's scripts after it, rendered by react-dom/server from the real components as the server
 * renders a listing (src/client/prerender-home.tsx); the server allows those scripts by their hash. The server sends it
 * for `/` only, so the header and hero (the LCP element) paint with the HTML and the stylesheet,
 * before any JavaScript runs. Every other path, and the service worker's navigation fallback, keep
 * the empty index.html: a pre-rendered home must never flash on /ca/… pages.
 */
export function prerenderHome(): Plugin {
  return afterBuild('maple:prerender-home', (outDir, config) => {
    const shell = readFileSync(join(outDir, 'index.html'), 'utf8')
    if (!shell.includes(ROOT_DIV)) throw new Error(`prerender: index.html lacks ${ROOT_DIV}`)
    return withAppModule(config.root, '/src/client/prerender-home.tsx', async ({ renderHome }: Home) => {
      for (const [language, file] of [
        ['en', HOME_HTML],
        ['fr', HOME_FR_HTML],
      ] as const) {
        const home = await renderHome(language)
        // the app adopts this markup as it is (src/client/app.tsx); until then its links work, and a
        // click, a typed text or a submit is held for the app (src/client/app-start.ts)
        const prerendered = `<div id="root">${home.markup}</div>${home.scripts}`
        const html = lowPriorityScripts(linkManifestOf(shell, language).replace(ROOT_DIV, () => prerendered))
          .replace('</head>', () => `${home.preloads}</head>`)
          .replace(/<html lang="[^"]*"/, `<html lang="${language === 'fr' ? 'fr-CA' : 'en-CA'}"`)
          .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(home.title)}</title>`)
          .replace(
            /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
            () => `<meta name="description" content="${escapeHtml(home.description)}" />`,
          )
        writeFileSync(join(outDir, file), html)
      }
    })
  })
}
