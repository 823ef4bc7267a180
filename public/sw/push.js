// Web Push in the service worker (docs/decisions/054-alerts.md), imported by the generated worker
// (workbox importScripts in src/client/pwa/pwa-config.ts). The payload is {title, body, url}: a
// discreet notification (no ad title, no photo), and a tap opens `url`, a path on this site.
self.addEventListener('push', (event) => {
  let data = {}
  try {
    data = event.data ? event.data.json() : {}
  } catch {
    data = {}
  }
  const url = typeof data.url === 'string' && data.url.startsWith('/') ? data.url : '/searches'
  event.waitUntil(
    self.registration.showNotification(typeof data.title === 'string' ? data.title : 'Maple After Dark', {
      body: typeof data.body === 'string' ? data.body : '',
      icon: '/icons/icon-192.png',
      tag: typeof data.tag === 'string' ? data.tag : url,
      data: { url },
    }),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const url = new URL(event.notification.data?.url ?? '/', self.location.origin).href
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      for (const w of windows) if (w.url === url && 'focus' in w) return w.focus()
      return self.clients.openWindow(url)
    }),
  )
})
