#!/usr/bin/env node
// `npm run build`: the PWA with Vite into dist/client, and the server bundled with esbuild into
// dist-server/main.js (npm packages stay external and load from node_modules; the #server/* and
// #domain/* imports are resolved through package.json "imports" and bundled). Then it stamps the
// build with a hash of its inputs, so `npm start` (scripts/start.mjs) rebuilds only when a source
// or config file changed. `node scripts/build.mjs --if-stale` builds only when the stamp differs.
import { spawnSync } from 'node:child_process'
import { createHash } from 'node:crypto'
import { cpSync, existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'

/** Everything a build reads. Anything else (tests, docs, data) does not change its output. */
const INPUTS = [
  'src',
  'public',
  'scripts/vite',
  'index.html',
  'package.json',
  'package-lock.json',
  'tsconfig.json',
  'vite.config.ts',
  'scripts/build.mjs',
]
const STAMP = 'dist-server/build-stamp.txt'
const OUTPUTS = ['dist/client/index.html', 'dist/server/entry-server.js', 'dist-server/main.js', STAMP]

function* files(path) {
  if (!existsSync(path)) return
  if (statSync(path).isDirectory()) {
    for (const name of readdirSync(path).sort()) yield* files(join(path, name))
  } else yield path
}

/** A hash of the inputs' paths and contents: the same sources give the same stamp on any machine. */
export function sourceStamp() {
  const hash = createHash('sha256')
  for (const input of INPUTS) {
    for (const file of files(input)) {
      if (file.endsWith('.test.ts') || file.endsWith('.test.tsx')) continue
      hash.update(`${file}\0`).update(readFileSync(file)).update('\0')
    }
  }
  return hash.digest('hex')
}

export function isStale() {
  if (!OUTPUTS.every((output) => existsSync(output))) return true
  return readFileSync(STAMP, 'utf8').trim() !== sourceStamp()
}

function run(command, args) {
  const result = spawnSync(command, args, { stdio: 'inherit' })
  if (result.status !== 0) {
    console.error(`ERROR: ${command} ${args.join(' ')} failed`)
    process.exit(result.status ?? 1)
  }
}

export async function build() {
  const stamp = sourceStamp()
  run('npx', ['vite', 'build'])
  // the server render of listing and ad pages, from the same routes (src/client/entry-server.tsx)
  run('npx', ['vite', 'build', '--ssr', 'src/client/entry-server.tsx', '--outDir', 'dist/server'])
  rmSync('dist-server', { recursive: true, force: true })
  const esbuild = await import('esbuild')
  await esbuild.build({
    entryPoints: ['src/server/main.ts'],
    outfile: 'dist-server/main.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
  // files the server reads beside its module (new URL('./x', import.meta.url)), which in the bundle
  // is dist-server/: the migrations (db/client.ts) and the common-password list (accounts/)
  cpSync('src/server/db/migrations', 'dist-server/migrations', { recursive: true })
  cpSync('src/server/services/accounts/common-passwords.txt', 'dist-server/common-passwords.txt')
  writeFileSync(STAMP, `${stamp}\n`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  if (process.argv.includes('--if-stale') && !isStale()) {
    console.log('build: up to date (sources unchanged since the last build)')
  } else {
    await build()
  }
}
