import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'

/** The hooks a step may add to its frame (route-shells.ts reads the bundle before it is written). */
type ExtraHooks = Omit<Plugin, 'name' | 'apply' | 'configResolved' | 'closeBundle'>

/**
 * A build-only plugin whose work runs once the client build is on disk. `order: 'post'` and
 * `sequential` make the steps run one after another in the order vite.config.ts lists them, after
 * every other plugin's own closeBundle: precompress.ts, listed last, sees what the others wrote.
 */
export function afterBuild(
  name: string,
  work: (outDir: string, config: ResolvedConfig) => void | Promise<void>,
  hooks: ExtraHooks = {},
): Plugin {
  let config: ResolvedConfig
  return {
    ...hooks,
    name,
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        await work(resolve(config.root, config.build.outDir), config)
      },
    },
  }
}

/**
 * Loads one of the app's modules through a throwaway Vite server in production mode, so what a step
 * renders comes from the real components and catalogs; the server is closed whatever happens.
 */
export async function withAppModule<Module, Result>(
  root: string,
  path: string,
  use: (module: Module) => Promise<Result>,
): Promise<Result> {
  const vite = await createServer({
    root,
    mode: 'production',
    logLevel: 'warn',
    appType: 'custom',
    server: { middlewareMode: true, hmr: false, watch: null },
  })
  try {
    return await use((await vite.ssrLoadModule(path)) as Module)
  } finally {
    await vite.close()
  }
}

/** Writes `data` as JSON at `file` (relative to the build's folder), making its folder first. */
export function writeJsonBesideBuild(outDir: string, file: string, data: unknown): void {
  const path = resolve(outDir, file)
  mkdirSync(dirname(path), { recursive: true })
  writeFileSync(path, JSON.stringify(data))
}
