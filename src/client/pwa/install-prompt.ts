// The browser's install offer (beforeinstallprompt, Chromium browsers). It can fire before any
// component mounts, so it is captured from the moment this module loads; the Install button reads it.
// Browsers without the event (Safari, Firefox) never show the button: installing there goes through
// their own menus.

export interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>
  readonly userChoice: Promise<{ outcome: 'accepted' | 'dismissed'; platform?: string }>
}

let deferred: BeforeInstallPromptEvent | null = null
const listeners = new Set<() => void>()

function set(next: BeforeInstallPromptEvent | null): void {
  deferred = next
  for (const listener of listeners) listener()
}

if (typeof window !== 'undefined') {
  window.addEventListener('beforeinstallprompt', (event) => {
    // keep the browser's own mini-infobar away: the header's Install button offers it instead
    event.preventDefault()
    set(event as BeforeInstallPromptEvent)
  })
  window.addEventListener('appinstalled', () => set(null))
}

export function canInstall(): boolean {
  return deferred !== null
}

export function subscribeInstallPrompt(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Shows the browser's install dialog; the offer can be used once, whatever the answer. */
export async function promptInstall(): Promise<'accepted' | 'dismissed' | 'unavailable'> {
  const event = deferred
  if (!event) return 'unavailable'
  set(null)
  await event.prompt()
  const { outcome } = await event.userChoice
  return outcome
}
