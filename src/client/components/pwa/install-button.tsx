import { DownloadIcon } from 'lucide-react'
import { useSyncExternalStore } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { canInstall, promptInstall, subscribeInstallPrompt } from '#client/pwa/install-prompt.ts'

/** Shown only where the browser offers installation (it fired beforeinstallprompt). */
export function InstallButton({ className }: { className?: string }) {
  const available = useSyncExternalStore(subscribeInstallPrompt, canInstall, () => false)
  if (!available) return null
  return (
    <Button
      variant="outline"
      size="sm"
      className={cn(className)}
      title={msg.pwa.installLabel}
      onClick={() => void promptInstall()}
    >
      <DownloadIcon aria-hidden="true" />
      {/* the words shown only where the header has room for them beside French links, the icon
          elsewhere; screen readers always hear the spec's "Install app" */}
      <span className="sr-only 2xl:not-sr-only">{msg.pwa.install}</span>
    </Button>
  )
}
