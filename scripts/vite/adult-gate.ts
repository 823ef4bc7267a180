import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { build as esbuild } from 'esbuild'
import { createServer, type Plugin, type ResolvedConfig } from 'vite'
import type { AdultGateBuild } from '../../src/domain/adult-gate.ts'

/** Beside the client build, where the server looks for it (src/server/services/pages/adult-gate.ts). */
export const ADULT_GATE_FILE = join('..', 'gate', 'adult-gate.json')

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
  let config: ResolvedConfig
  return {
    name: 'maple:adult-gate',
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
          const { renderAdultGate } = (await vite.ssrLoadModule('/src/client/adult-gate-markup.tsx')) as {
            renderAdultGate: (language: 'en' | 'fr') => Promise<string>
          }
          const gate: AdultGateBuild = {
            markup: { en: await renderAdultGate('en'), fr: await renderAdultGate('fr') },
            script: await inlineScript(config.root),
          }
          const file = resolve(config.root, config.build.outDir, ADULT_GATE_FILE)
          mkdirSync(dirname(file), { recursive: true })
          writeFileSync(file, JSON.stringify(gate))
        } finally {
          await vite.close()
        }
      },
    },
  }
}
