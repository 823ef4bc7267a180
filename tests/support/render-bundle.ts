// A fake build around the real server render bundle (src/client/entry-server.tsx, built as
// scripts/build.mjs builds it) for API tests of server-rendered pages: stand-in HTML shells in
// client/, the real bundle in server/.
import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const SHELL = (name: string) =>
  `<!doctype html><html lang="en"><head><title>Maple</title><meta name="description" content="d" /></head><body><div id="root"></div><!-- ${name} --></body></html>`

/** The build's root (its client/ is STATIC_DIR); the caller removes it. */
export function buildRenderBundle(prefix: string): string {
  const root = mkdtempSync(join(tmpdir(), prefix))
  mkdirSync(join(root, 'client'))
  for (const name of ['index', 'listing', 'ad'])
    writeFileSync(join(root, 'client', `${name}.html`), SHELL(name))
  const build = spawnSync(
    'npx',
    [
      'vite',
      'build',
      '--ssr',
      'src/client/entry-server.tsx',
      '--outDir',
      join(root, 'server'),
      '--logLevel',
      'error',
    ],
    { encoding: 'utf8' },
  )
  if (build.status !== 0) throw new Error(`the render bundle did not build: ${build.stderr}`)
  return root
}
