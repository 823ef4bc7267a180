import { VitePWA } from 'vite-plugin-pwa'
import { MANIFEST_WORDS } from '#domain/app-manifest.ts'
import { dropWithdrawn, keepOnlyPublic, PHOTO_CACHE } from './media-cache.ts'

// The service worker and the manifest in one place (docs/decisions/006-offline-model.md).
//
// What the service worker keeps:
// - precache: the shell (index.html), every route chunk and stylesheet, the stock images and icons, so a
//   listing visited once still renders offline (its ads come from the persisted query cache).
// - runtime: GET /api/meta/cities, public and the same for everyone, stale-while-revalidate.
// - never: any other /api/* answer. Authenticated answers (wallet, payments, admin) must not outlive
//   the session in a cache the app cannot clear on sign-out; the wallet's last known balance is kept
//   by the query persister instead, marked as not current.
//
// Updates: registerType 'prompt' generates a worker that waits until the page posts SKIP_WAITING (the
// 'Reload' action of the update toast, src/client/components/pwa/pwa-prompts.tsx), so a tab never runs
// a mix of old and new chunks. clientsClaim takes effect on activation only, which for an update is after that
// accept, and on the very first install makes the page that installed it controlled (offline at once).
// the same colours as index.html's theme-color and the page background, so the splash matches the app
export const PWA_THEME_COLOR = '#0c0a0f'
export const PWA_BACKGROUND_COLOR = '#ffffff'

export function pwaPlugin() {
  return VitePWA({
    registerType: 'prompt',
    // registration lives in pwa-prompts.tsx (virtual:pwa-register/react) so the toast can drive it
    injectRegister: false,
    strategies: 'generateSW',
    // public/ files are precached by globPatterns below; listing them again would duplicate entries
    includeManifestIcons: false,
    manifest: {
      id: '/',
      name: 'Maple After Dark',
      short_name: 'MapleAD',
      description: MANIFEST_WORDS.en.description,
      lang: MANIFEST_WORDS.en.lang,
      dir: 'ltr',
      theme_color: PWA_THEME_COLOR,
      background_color: PWA_BACKGROUND_COLOR,
      display: 'standalone',
      orientation: 'any',
      start_url: '/',
      scope: '/',
      categories: ['shopping', 'lifestyle', 'social'],
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      globPatterns: ['**/*.{js,css,html,svg,png,webp,woff2,ico,txt}'],
      navigateFallback: '/index.html',
      // the SPA fallback must never answer an API call (or the sandbox payment page under /api) with HTML
      navigateFallbackDenylist: [/^\/api\//, /^\/media\//, /^\/robots\.txt$/, /^\/sitemap\.xml$/],
      cleanupOutdatedCaches: true,
      // the push and notificationclick handlers of the alerts (docs/decisions/054-alerts.md)
      importScripts: ['/sw/push.js'],
      clientsClaim: true,
      skipWaiting: false,
      runtimeCaching: [
        {
          urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname === '/api/meta/cities',
          handler: 'StaleWhileRevalidate',
          options: {
            cacheName: 'api-cities',
            expiration: { maxEntries: 60, maxAgeSeconds: 7 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          // ad photos seen online show offline too. The network first: whether a photo may still be
          // shown can change (a hold, a refusal, an expiry), and the server's answer says so; the
          // copy serves when the network does not answer. Only public answers are kept, and a 404
          // drops the copy (media-cache.ts, docs/decisions/062-public-media.md). Bounded: 200
          // photos (a few MB of 320/640 px WebP), oldest out first. Videos are left to the network:
          // too big to keep, and Range requests do not cache.
          urlPattern: ({ url, request }) =>
            request.method === 'GET' && url.pathname.startsWith('/media/') && url.pathname.endsWith('.webp'),
          handler: 'NetworkFirst',
          options: {
            cacheName: PHOTO_CACHE,
            networkTimeoutSeconds: 4,
            expiration: { maxEntries: 200, maxAgeSeconds: 30 * 24 * 60 * 60, purgeOnQuotaError: true },
            cacheableResponse: { statuses: [200] },
            plugins: [{ cacheWillUpdate: keepOnlyPublic, fetchDidSucceed: dropWithdrawn }],
          },
        },
      ],
    },
  })
}
