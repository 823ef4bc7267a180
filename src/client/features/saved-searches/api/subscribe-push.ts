import { http } from '#client/lib/http.ts'
import { PushKeySchema, PushPaths } from '#domain/api/push.ts'

// Lets this device show alert notifications (docs/decisions/054-alerts.md): asks the permission,
// subscribes through the service worker with the server's VAPID key, and gives the server the
// subscription. Answers false when the browser cannot or the user said no.

function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4))
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i += 1) bytes[i] = raw.charCodeAt(i)
  return bytes
}

export async function subscribeThisDevice(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window))
    return false
  if ((await Notification.requestPermission()) !== 'granted') return false
  const registration = await navigator.serviceWorker.ready
  const { publicKey } = await http.get(PushPaths.key, { schema: PushKeySchema })
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: keyBytes(publicKey),
    }))
  const json = subscription.toJSON()
  await http.post(PushPaths.subscriptions, { endpoint: json.endpoint, keys: json.keys })
  return true
}
