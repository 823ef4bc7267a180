import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { adActions } from './scripts/vite/ad-actions.ts'
import { adultGate } from './scripts/vite/adult-gate.ts'
import { planningAppChunk, planStartChunks, startChunkGroup } from './scripts/vite/app-chunk.ts'
import { frenchManifest } from './scripts/vite/french-manifest.ts'
import { precompress } from './scripts/vite/precompress.ts'
import { prerenderHome } from './scripts/vite/prerender-home.ts'
import { routeShells } from './scripts/vite/route-shells.ts'
import { pwaPlugin } from './src/client/pwa/pwa-config.ts'

const apiPort = process.env.API_PORT ?? '8081'

// Two builds: the PWA into dist/client, then (`vite build --ssr`, scripts/build.mjs) the server render of
// listing and ad pages into dist/server from the same routes and components (src/client/entry-server.tsx).
// The service worker, the pre-rendered home and the compressed copies belong to the PWA build only; the
// PWA plugin stays in the server build to resolve virtual:pwa-register, and writes nothing there.
export default defineConfig(async ({ command, isSsrBuild }) => {
  // the app's start in a few chunks: read from a first chunking of the same build (scripts/vite/app-chunk.ts)
  const planning = planningAppChunk()
  const startChunks = command === 'build' && !isSsrBuild && !planning ? await planStartChunks() : undefined
  return {
    plugins: [
      // the router plugin must run before react() so generated route chunks get the React transform
      tanstackRouter({
        target: 'react',
        autoCodeSplitting: true,
        routesDirectory: './src/client/routes',
        generatedRouteTree: './src/client/route-tree.gen.ts',
      }),
      react(),
      tailwindcss(),
      pwaPlugin(),
      ...(isSsrBuild || planning
        ? []
        : [
            frenchManifest(),
            prerenderHome(),
            routeShells(),
            // the server's 18+ gate, written beside the build for the server to put into pages
            adultGate(),
            // an ad page's Reveal and Report without the app, for the server to answer its forms with
            adActions(),
            // last: compresses what every other plugin wrote, the service worker included
            precompress(),
          ]),
    ],
    build: isSsrBuild
      ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
      : {
          outDir: 'dist/client',
          emptyOutDir: true,
          // SOURCEMAP=1 writes the maps that attribute a chunk's bytes to its sources (docs/decisions/040-react.md)
          sourcemap: process.env.SOURCEMAP === '1',
          rolldownOptions: startChunks
            ? { output: { codeSplitting: { groups: [startChunkGroup(startChunks)] } } }
            : {},
        },
    server: {
      port: 5173,
      proxy: Object.fromEntries(
        ['/api', '/media', '/robots.txt', '/sitemap.xml'].map((path) => [
          path,
          `http://127.0.0.1:${apiPort}`,
        ]),
      ),
    },
  }
})
