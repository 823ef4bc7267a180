import { Share2Icon } from 'lucide-react'
import { APP_HELD_ATTRIBUTE } from '#client/app-start.ts'
import { Button } from '#client/components/ui/button.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import { adPath } from '#domain/ad-path.ts'
import type { PublicAd } from '#domain/api/ads.ts'

const m = msg.adPage

/**
 * The ad's permanent link: the phone's share sheet where there is one (a person sends it by message),
 * else copied to the clipboard. A share the user cancels is not an error. Without the app, a plain link.
 */
export function ShareAd({ ad }: { ad: PublicAd }) {
  const share = async () => {
    const url = new URL(adPath(ad), window.location.origin).href
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title: fill(m.shareTitle, { title: ad.title }), url })
        return
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return
        // no share target (desktop Chromium without one): fall back to the clipboard
      }
    }
    try {
      await navigator.clipboard.writeText(url)
      toast({ title: m.copied, description: url })
    } catch {
      toast({ title: fill(m.copyFailed, { url }), variant: 'destructive' })
    }
  }
  // without the app it is the ad's permanent link, which the browser copies or shares (long press,
  // right click); the app takes the tap for the share sheet or the clipboard
  return (
    <div>
      <Button asChild variant="outline" size="sm">
        <a
          href={adPath(ad)}
          rel="bookmark"
          {...{ [APP_HELD_ATTRIBUTE]: '' }}
          onClick={(event) => {
            event.preventDefault()
            void share()
          }}
        >
          <Share2Icon aria-hidden="true" />
          {m.share}
        </a>
      </Button>
    </div>
  )
}
