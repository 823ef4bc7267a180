import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'
import type { AdActionsBuild, AdActionsMarkup } from '../../src/domain/ad-actions.ts'

/** Beside the client build, where the server looks for it (src/server/services/pages/ad-actions.ts). */
export const AD_ACTIONS_FILE = join('..', 'fragments', 'ad-actions.json')

/**
 * Writes dist/fragments/ad-actions.json: an ad page's Reveal and Report steps without the app, in each
 * language, rendered from the real components and catalogs (src/client/ad-actions-markup.tsx).
 * Outside dist/client: neither served as a file nor precached; only the server puts them into pages.
 */
export function adActions(): Plugin {
  let config: ResolvedConfig
  return {
    name: 'maple:ad-actions',
    apply: 'build',
    configResolved(resolved) {
      config = resolved
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      async handler() {
        const vite = await createServer({
          root: config.root,
          mode: 'production',
          logLevel: 'warn',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, watch: null },
        })
        try {
          const { renderAdActions } = (await vite.ssrLoadModule('/src/client/ad-actions-markup.tsx')) as {
            renderAdActions: (language: 'en' | 'fr') => Promise<AdActionsMarkup>
          }
          const build: AdActionsBuild = { en: await renderAdActions('en'), fr: await renderAdActions('fr') }
          const file = resolve(config.root, config.build.outDir, AD_ACTIONS_FILE)
          mkdirSync(dirname(file), { recursive: true })
          writeFileSync(file, JSON.stringify(build))
        } finally {
          await vite.close()
        }
      },
    },
  }
}
