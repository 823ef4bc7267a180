import { resolve } from 'node:path'
import { build } from 'vite'

// Why the app's start is one chunk: docs/decisions/040-react.md ("One chunk for the app's start").

/** Set while the bundler's own chunking is being read, so that reading it does not read it again. */
const PLANNING = 'MAPLE_APP_CHUNK_PLANNING'
const ENTRY = resolve('src/client/main.tsx')
const APP = resolve('src/client/app.tsx')

export const planningAppChunk = (): boolean => process.env[PLANNING] === '1'

/** What this reads of the bundler's output (Rollup's and Rolldown's types differ elsewhere). */
interface OutputChunk {
  type: 'chunk'
  fileName: string
  facadeModuleId: string | null
  isEntry: boolean
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

/**
 * The modules that load whenever the app starts and not before: those of the app's chunk and of every
 * chunk it imports statically, less those the entry script already loads with the page (app-start.ts
 * and the few constants it reads). Read from the bundler's own chunking, done once without writing:
 * guessing them from the import graph takes in every primitive behind a package's index (radix-ui's
 * re-exports every one), most of which only the lazy screens use.
 */
export async function planAppChunk(): Promise<Set<string>> {
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
  const before = loadedWith(chunks, entry)
  const members = new Set<string>()
  for (const fileName of loadedWith(chunks, app)) {
    if (before.has(fileName)) continue
    for (const id of chunks.get(fileName)?.moduleIds ?? []) members.add(id)
  }
  return members
}

/** A code-splitting group that puts `members` (planAppChunk) in one chunk named `app`. */
export function appChunkGroup(members: Set<string>) {
  return {
    name: (id: string) => (members.has(id) ? 'app' : null),
    debugName: 'app start',
    // the members are already every module the app's start loads: what they import beyond them is
    // the entry's, which must stay where the page's first script finds it
    includeDependenciesRecursively: false,
  }
}
