import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { APP_MODULES_META } from '../../src/client/app-start.ts'
import { afterBuild } from './after-build.ts'
import { lowPriorityScripts } from './low-priority-scripts.ts'

// Each shell and the route file whose split chunks (TanStack Router's autoCodeSplitting) it names.
export const ROUTE_SHELLS = {
  'listing.html': 'ca.$province.$category.tsx',
  'ad.html': 'ca.$province.$category_.$ad.tsx',
} as const

/** What this plugin reads of the bundler's output (Rollup's and Rolldown's types differ elsewhere). */
type Bundle = Record<
  string,
  { type: 'asset' } | { type: 'chunk'; isDynamicEntry: boolean; moduleIds: string[]; imports: string[] }
>

/** The route's chunks and everything they import statically. */
function chunksOf(bundle: Bundle, routeFile: string): string[] {
  const chunks = new Map<string, { imports: string[] }>()
  const roots: string[] = []
  for (const [fileName, item] of Object.entries(bundle)) {
    if (item.type !== 'chunk') continue
    chunks.set(fileName, item)
    // the route's own chunk, or the start chunk its split component went to (scripts/vite/app-chunk.ts)
    const holdsRoute = item.moduleIds.some(
      (id) => id.split('?')[0]?.endsWith(routeFile) && (item.isDynamicEntry || id.includes('tsr-split')),
    )
    if (holdsRoute) roots.push(fileName)
  }
  if (roots.length === 0) throw new Error(`route-shells: no dynamic chunk for ${routeFile}`)
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep)
  }
  for (const root of roots) visit(root)
  return [...seen]
}

/**
 * Writes listing.html and ad.html: the built index.html plus the list of the route's chunks in
 * `<meta name="app-modules">`. The server fills them with the rendered page (src/server/routes/pages.ts)
 * or sends them as they are. The page shows and works without the app, which starts at the first tap
 * or a few seconds after loading (src/client/app-start.ts): nothing of it is fetched before then, so
 * the HTML, the stylesheet and the photos have the connection and the main thread to themselves. When
 * it starts, app-start.ts asks for all these chunks at once (modulepreload), so the route's code
 * arrives in one round trip rather than a chain (entry → route chunk → its imports). Lazily imported
 * chunks (the user's own ads from dexie) stay off the first view.
 */
export function routeShells(): Plugin {
  const preloads = new Map<string, string[]>()
  return afterBuild(
    'maple:route-shells',
    (outDir, config) => {
      const index = readFileSync(join(outDir, 'index.html'), 'utf8')
      if (!index.includes('</head>')) throw new Error('route-shells: index.html lacks </head>')
      for (const [shell, files] of preloads) {
        const modules = files
          .filter((file) => !index.includes(`"${config.base}${file}"`))
          .map((file) => `${config.base}${file}`)
          .join(' ')
        const meta = `<meta name="${APP_MODULES_META}" content="${modules}">`
        // the server renders the page into it (src/server/routes/pages.ts): it paints without them
        const html = lowPriorityScripts(index.replace('</head>', `\n    ${meta}\n  </head>`))
        writeFileSync(join(outDir, shell), html)
      }
    },
    {
      generateBundle(_options, bundle) {
        for (const [shell, routeFile] of Object.entries(ROUTE_SHELLS))
          preloads.set(shell, chunksOf(bundle, routeFile))
      },
    },
  )
}
