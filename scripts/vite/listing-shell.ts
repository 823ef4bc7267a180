import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import type { Plugin, ResolvedConfig } from 'vite'

export const LISTING_HTML = 'listing.html'
// the listing route's split component (TanStack Router's autoCodeSplitting) and its route file
const LISTING_ROUTE = 'ca.$province.$category.tsx'

/**
 * Writes listing.html: the built index.html plus <link rel="modulepreload"> for the listing route's
 * chunks, which the server sends for /ca/… paths. Without it the browser learns of the route chunk
 * only after the entry has run (entry → route chunk → its imports), a chain of round trips before
 * the ads can render. The markup is the same empty shell, so nothing flashes; lazily imported
 * chunks (the user's own ads from dexie) stay off the first view.
 */
export function listingShell(): Plugin {
  let config: ResolvedConfig
  let preloads: string[] = []
  return {
    name: 'maple:listing-shell',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    generateBundle(_options, bundle) {
      const chunks = new Map<string, { imports: string[] }>()
      const roots: string[] = []
      for (const [fileName, item] of Object.entries(bundle)) {
        if (item.type !== 'chunk') continue
        chunks.set(fileName, item)
        if (item.isDynamicEntry && item.moduleIds.some((id) => id.split('?')[0]?.endsWith(LISTING_ROUTE))) {
          roots.push(fileName)
        }
      }
      if (roots.length === 0) throw new Error(`listing-shell: no dynamic chunk for ${LISTING_ROUTE}`)
      const seen = new Set<string>()
      const visit = (fileName: string) => {
        if (seen.has(fileName)) return
        seen.add(fileName)
        for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep)
      }
      for (const root of roots) visit(root)
      preloads = [...seen]
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const outDir = resolve(config.root, config.build.outDir)
        const shell = readFileSync(join(outDir, 'index.html'), 'utf8')
        const base = config.base
        const links = preloads
          .filter((file) => !shell.includes(`"${base}${file}"`))
          .map((file) => `<link rel="modulepreload" crossorigin href="${base}${file}">`)
          .join('\n    ')
        if (!shell.includes('</head>')) throw new Error('listing-shell: index.html lacks </head>')
        writeFileSync(join(outDir, LISTING_HTML), shell.replace('</head>', `\n    ${links}\n  </head>`))
      },
    },
  }
}
