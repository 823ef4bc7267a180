import { resolve } from 'node:path'
import { build } from 'vite'
import { ROUTE_SHELLS } from './route-shells.ts'

// Why the app's start is one chunk: docs/decisions/040-react.md ("One chunk for the app's start").

/** Set while the bundler's own chunking is being read, so that reading it does not read it again. */
const PLANNING = 'MAPLE_APP_CHUNK_PLANNING'
const ENTRY = resolve('src/client/main.tsx')
const APP = resolve('src/client/app.tsx')

/** The pages that arrive drawn, by the route file whose chunks they load when the app starts. */
const DRAWN_PAGES = {
  home: '/routes/index.tsx',
  listing: `/routes/${ROUTE_SHELLS['listing.html']}`,
  ad: `/routes/${ROUTE_SHELLS['ad.html']}`,
}

export const planningAppChunk = (): boolean => process.env[PLANNING] === '1'

/** What this reads of the bundler's output (Rollup's and Rolldown's types differ elsewhere). */
interface OutputChunk {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  isEntry: boolean
  isDynamicEntry: boolean
  moduleIds: string[]
  imports: string[]
}
type Output = { output: (OutputChunk | { type: 'asset' })[] }

const file = (id: string) => id.split('?')[0] ?? id

/** The chunk files `root` loads with it: itself and what it imports statically, directly or not. */
function loadedWith(chunks: Map<string, OutputChunk>, root: OutputChunk): Set<string> {
  const seen = new Set<string>()
  const visit = (fileName: string) => {
    if (seen.has(fileName)) return
    seen.add(fileName)
    for (const next of chunks.get(fileName)?.imports ?? []) visit(next)
  }
  visit(root.fileName)
  return seen
}

/** Which start chunk each module goes to: `app`, or the pages drawn by the server that load it. */
export type StartChunks = Map<string, string>

/**
 * Where each module the app's start loads goes (docs/decisions/040-react.md, "One chunk for the
 * app's start"), read from the bundler's own chunking, done once without writing:
 * - `app`: the modules of the app's chunk and of every chunk it imports statically, less those the
 *   entry script already loads with the page (app-start.ts and the few constants it reads);
 * - for the pages that arrive drawn (the home, and the server's listing and ad pages, ROUTE_SHELLS),
 *   what their route loads beyond that, one chunk for each set of these pages that load a module:
 *   `listing-ad` what the listing and the ad page load and the home does not, `home` what only it does.
 * Guessing them from the import graph instead takes in every primitive behind a package's index
 * (radix-ui's re-exports every one), most of which only the lazy screens use.
 */
export async function planStartChunks(): Promise<StartChunks> {
  process.env[PLANNING] = '1'
  let result: Output | Output[]
  try {
    result = (await build({ logLevel: 'silent', build: { write: false } })) as Output | Output[]
  } finally {
    delete process.env[PLANNING]
  }
  const chunks = new Map<string, OutputChunk>()
  for (const output of Array.isArray(result) ? result : [result]) {
    for (const item of output.output) if (item.type === 'chunk') chunks.set(item.fileName, item)
  }
  const all = [...chunks.values()]
  const app = all.find((c) => c.facadeModuleId !== null && file(c.facadeModuleId) === APP)
  const entry = all.find((c) => c.isEntry && c.moduleIds.some((id) => file(id) === ENTRY))
  if (!app || !entry) throw new Error('app-chunk: no chunk for src/client/app.tsx or src/client/main.tsx')
  const taken = loadedWith(chunks, entry)
  const plan: StartChunks = new Map()
  for (const fileName of loadedWith(chunks, app)) {
    if (taken.has(fileName)) continue
    taken.add(fileName)
    for (const id of chunks.get(fileName)?.moduleIds ?? []) plan.set(id, 'app')
  }
  const pages = new Map<string, string[]>()
  for (const [page, routeFile] of Object.entries(DRAWN_PAGES)) {
    const roots = all.filter(
      (c) => c.isDynamicEntry && c.moduleIds.some((id) => file(id).endsWith(routeFile)),
    )
    for (const root of roots) {
      for (const fileName of loadedWith(chunks, root)) {
        if (taken.has(fileName)) continue
        for (const id of chunks.get(fileName)?.moduleIds ?? []) {
          const users = pages.get(id) ?? []
          if (!users.includes(page)) users.push(page)
          pages.set(id, users)
        }
      }
    }
  }
  for (const [id, users] of pages) plan.set(id, users.join('-'))
  return plan
}

/** A code-splitting group that puts each module of `plan` (planStartChunks) in its chunk. */
export function startChunkGroup(plan: StartChunks) {
  return {
    name: (id: string) => plan.get(id) ?? null,
    debugName: 'app start',
    // the plan already holds every module a start loads: what they import beyond it is the entry's
    // (or an earlier chunk's), which must stay where the page's first script finds it
    includeDependenciesRecursively: false,
  }
}
