import { VitePWA } from 'vite-plugin-pwa'

// The service worker and manifest in one place (issue: installable and offline).
export function pwaPlugin() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'Maple After Dark',
      short_name: 'MapleAD',
      theme_color: '#18181b',
      display: 'standalone',
      start_url: '/',
      scope: '/',
    },
    workbox: { navigateFallback: '/index.html', navigateFallbackDenylist: [/^\/api\//] },
  })
}
