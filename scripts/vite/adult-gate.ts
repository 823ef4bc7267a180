import { join } from 'node:path'
import { build as esbuild } from 'esbuild'
import type { Plugin } from 'vite'
import type { AdultGateBuild } from '../../src/domain/adult-gate.ts'
import { afterBuild, withAppModule, writeJsonBesideBuild } from './after-build.ts'

/** Beside the client build, where the server looks for it (src/server/services/pages/adult-gate.ts). */
export const ADULT_GATE_FILE = join('..', 'gate', 'adult-gate.json')

type Markup = { renderAdultGate: (language: 'en' | 'fr') => Promise<string> }

/** The inline script: src/client/adult-gate-inline.ts and what it imports, minified into one IIFE. */
async function inlineScript(root: string): Promise<string> {
  const result = await esbuild({
    entryPoints: [join(root, 'src/client/adult-gate-inline.ts')],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    logLevel: 'warning',
  })
  const text = result.outputFiles[0]?.text.trim()
  if (!text) throw new Error('adult-gate: the inline script built to nothing')
  // it goes inside <script>…</script>: nothing in it may end that element early
  if (/<\/script|<!--/i.test(text)) throw new Error('adult-gate: the inline script contains </script or <!--')
  return text
}

/**
 * Writes dist/gate/adult-gate.json: the server's 18+ gate in each language, rendered from the real
 * components and catalogs (src/client/adult-gate-markup.tsx), and its inline script. Outside
 * dist/client, so it is neither served as a file nor precached by the service worker: only the server
 * puts it into pages, for visitors without the consent cookie (docs/decisions/029-first-visit.md).
 */
export function adultGate(): Plugin {
  return afterBuild('maple:adult-gate', (outDir, config) =>
    withAppModule(config.root, '/src/client/adult-gate-markup.tsx', async ({ renderAdultGate }: Markup) => {
      const gate: AdultGateBuild = {
        markup: { en: await renderAdultGate('en'), fr: await renderAdultGate('fr') },
        script: await inlineScript(config.root),
      }
      writeJsonBesideBuild(outDir, ADULT_GATE_FILE, gate)
    }),
  )
}
