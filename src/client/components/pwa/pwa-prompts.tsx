// Registers the service worker (registerType 'prompt', see pwa-config.ts) and shows the update prompt.
// Mounted once by the root layout.
import { useRegisterSW } from 'virtual:pwa-register/react'
import { UpdatePrompt } from './update-prompt.tsx'

// An installed app can stay open for days: look for a new version now and then, not only on load.
const UPDATE_CHECK_MS = 60 * 60 * 1000

export function PwaPrompts() {
  const {
    needRefresh: [needRefresh],
    updateServiceWorker,
  } = useRegisterSW({
    onRegisteredSW(_url, registration) {
      if (!registration) return
      setInterval(() => {
        if (navigator.onLine) void registration.update().catch(() => undefined)
      }, UPDATE_CHECK_MS)
    },
  })
  return <UpdatePrompt needRefresh={needRefresh} onReload={() => void updateServiceWorker(true)} />
}
