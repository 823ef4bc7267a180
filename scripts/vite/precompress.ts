import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { Plugin } from 'vite'
import { afterBuild } from './after-build.ts'

const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/
// below this the headers cost more than the bytes saved
const MIN_BYTES = 1024

function* files(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) yield* files(path)
    else yield path
  }
}

/**
 * Writes `x.br` and `x.gz` next to every compressible file of the build, once, at maximum level,
 * so the server (@fastify/static `preCompressed`) sends them without compressing per request.
 * Runs after every other plugin (the service worker is written at the end of the build too).
 */
export function precompress(): Plugin {
  return afterBuild('maple:precompress', (outDir) => {
    for (const path of files(outDir)) {
      if (!COMPRESSIBLE.test(path)) continue
      const body = readFileSync(path)
      if (body.length < MIN_BYTES) continue
      writeFileSync(
        `${path}.br`,
        brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        }),
      )
      writeFileSync(`${path}.gz`, gzipSync(body, { level: 9 }))
    }
  })
}
