#!/usr/bin/env node
// `npm start`: builds first only when the sources changed since the last build (scripts/build.mjs
// keeps a hash of them), then runs the compiled server, dist-server/main.js, in this process: a
// restart with unchanged sources takes seconds. SKIP_BUILD=1 never builds (the output must exist).
// `npm run test:e2e` starts the server through this same file.
import { existsSync } from 'node:fs'
import { pathToFileURL } from 'node:url'
import { build, isStale } from './build.mjs'

if (process.env.SKIP_BUILD === '1') {
  if (!existsSync('dist-server/main.js') || !existsSync('dist/client/index.html')) {
    console.error('ERROR: SKIP_BUILD=1 but dist/ or dist-server/ is missing: run `npm run build` first')
    process.exit(1)
  }
} else if (isStale()) {
  console.log('start: sources changed since the last build, building')
  await build()
}

await import(pathToFileURL('dist-server/main.js').href)
