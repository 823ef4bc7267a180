import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Plugin } from 'vite'
import { MANIFEST_PATHS, MANIFEST_WORDS } from '../../src/domain/app-manifest.ts'
import { afterBuild } from './after-build.ts'

/**
 * The French manifest beside the English one vite-plugin-pwa writes (src/client/pwa/pwa-config.ts):
 * the same app (id, scope, icons), its words in French. Pages drawn in French link it
 * (src/domain/app-manifest.ts, docs/decisions/066-french-everywhere.md).
 */
export function frenchManifest(): Plugin {
  return afterBuild('maple:french-manifest', (outDir) => {
    const english = JSON.parse(readFileSync(join(outDir, MANIFEST_PATHS.en), 'utf8')) as Record<
      string,
      unknown
    >
    writeFileSync(join(outDir, MANIFEST_PATHS.fr), JSON.stringify({ ...english, ...MANIFEST_WORDS.fr }))
  })
}
