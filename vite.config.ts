import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'
import { listingShell } from './scripts/vite/listing-shell.ts'
import { precompress } from './scripts/vite/precompress.ts'
import { prerenderHome } from './scripts/vite/prerender-home.ts'
import { pwaPlugin } from './src/client/pwa/pwa-config.ts'

const apiPort = process.env.API_PORT ?? '8081'

export default defineConfig({
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
    prerenderHome(),
    listingShell(),
    // last: compresses what every other plugin wrote, the service worker included
    precompress(),
  ],
  build: { outDir: 'dist/client', emptyOutDir: true, sourcemap: false },
  server: { port: 5173, proxy: { '/api': `http://127.0.0.1:${apiPort}` } },
})
