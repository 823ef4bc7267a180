import { join } from 'node:path'
import type { Plugin } from 'vite'
import type { AdActionsBuild, AdActionsMarkup } from '../../src/domain/ad-actions.ts'
import { afterBuild, withAppModule, writeJsonBesideBuild } from './after-build.ts'

/** Beside the client build, where the server looks for it (src/server/services/pages/ad-actions.ts). */
export const AD_ACTIONS_FILE = join('..', 'fragments', 'ad-actions.json')

type Markup = { renderAdActions: (language: 'en' | 'fr') => Promise<AdActionsMarkup> }

/**
 * Writes dist/fragments/ad-actions.json: an ad page's Reveal and Report steps without the app, in each
 * language, rendered from the real components and catalogs (src/client/ad-actions-markup.tsx).
 * Outside dist/client: neither served as a file nor precached; only the server puts them into pages.
 */
export function adActions(): Plugin {
  return afterBuild('maple:ad-actions', (outDir, config) =>
    withAppModule(config.root, '/src/client/ad-actions-markup.tsx', async ({ renderAdActions }: Markup) => {
      const build: AdActionsBuild = { en: await renderAdActions('en'), fr: await renderAdActions('fr') }
      writeJsonBesideBuild(outDir, AD_ACTIONS_FILE, build)
    }),
  )
}
