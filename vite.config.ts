import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { adActions } from './scripts/vite/ad-actions.ts'
import { adultGate } from './scripts/vite/adult-gate.ts'
import { PREACT_ALIASES } from './scripts/vite/preact-aliases.ts'
import { precompress } from './scripts/vite/precompress.ts'
import { prerenderHome } from './scripts/vite/prerender-home.ts'
import { routeShells } from './scripts/vite/route-shells.ts'
import { pwaPlugin } from './src/client/pwa/pwa-config.ts'

const apiPort = process.env.API_PORT ?? '8081'

// Two builds: the PWA into dist/client, then (`vite build --ssr`, scripts/build.mjs) the server render of
// listing and ad pages into dist/server from the same routes and components (src/client/entry-server.tsx).
// The service worker, the pre-rendered home and the compressed copies belong to the PWA build only; the
// PWA plugin stays in the server build to resolve virtual:pwa-register, and writes nothing there.
export default defineConfig(({ command, isSsrBuild }) => ({
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
    ...(isSsrBuild
      ? []
      : [
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
  // the app runs on Preact, in the browser and in the server's render (docs/decisions/035-start-size.md);
  // the build-time home page (scripts/vite/prerender-home.ts, a dev server) renders with React
  resolve: command === 'build' ? { alias: PREACT_ALIASES } : {},
  // the render bundle carries the app's packages so that their `react` is Preact too
  ssr: isSsrBuild ? { noExternal: true } : undefined,
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, sourcemap: false, copyPublicDir: false }
    : { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: {
    port: 5173,
    proxy: Object.fromEntries(
      ['/api', '/media', '/robots.txt', '/sitemap.xml'].map((path) => [path, `http://127.0.0.1:${apiPort}`]),
    ),
  },
}))
