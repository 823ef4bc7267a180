import { RefreshCwIcon } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'

export interface UpdatePromptProps {
  /** a new service worker is installed and waiting for the user's go-ahead */
  needRefresh: boolean
  /** activates the waiting worker; the page reloads once it controls the page */
  onReload: () => void
}

/**
 * Announces a waiting update with a toast ('A new version is available', Reload). Toasts vanish after
 * 1200 ms, too fast to act on, so a small Reload button stays until the user takes it.
 */
export function UpdatePrompt({ needRefresh, onReload }: UpdatePromptProps) {
  const announced = useRef(false)
  useEffect(() => {
    if (!needRefresh || announced.current) return
    announced.current = true
    toast({
      title: msg.pwa.updateAvailable,
      description: msg.pwa.updateDescription,
      action: (
        <Button size="sm" variant="secondary" onClick={onReload}>
          {msg.pwa.reload}
        </Button>
      ),
    })
  }, [needRefresh, onReload])

  if (!needRefresh) return null
  return (
    <div className="fixed bottom-4 left-4 z-40">
      <Button size="sm" onClick={onReload} title={msg.pwa.updateAvailable} className="shadow-lg">
        <RefreshCwIcon aria-hidden="true" />
        {msg.pwa.updateReady}: {msg.pwa.reload}
      </Button>
    </div>
  )
}
