import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '#client/components/ui/dialog.tsx'
import { msg } from '#client/i18n/messages.ts'
import { AD_TITLE_TIMING } from '#client/lib/element-timing.ts'
import type { PublicAd } from '#domain/api/ads.ts'
import { AdDetails, type HeadingParts } from './ad-details.tsx'

/** Radix's labelled title and description: the dialog is named by the ad's title. */
function DialogHeading({ badges, title, facts }: HeadingParts) {
  return (
    <DialogHeader>
      {badges}
      <DialogTitle className="wrap-anywhere" elementtiming={AD_TITLE_TIMING}>
        {title}
      </DialogTitle>
      <DialogDescription className="flex flex-wrap items-center gap-x-4 gap-y-1">{facts}</DialogDescription>
    </DialogHeader>
  )
}

/** The ad's details in an accessible modal (Radix Dialog: focus trap, Escape, labelled title). */
export function AdDialog({ ad, onClose }: { ad: PublicAd | null; onClose: () => void }) {
  return (
    <Dialog open={ad !== null} onOpenChange={(open) => !open && onClose()}>
      {ad && (
        <DialogContent
          // the corner close button sits on the photo: give it its own dark backing to stay visible
          className="max-w-2xl gap-5 p-0 sm:p-0 [&>button:last-child]:bg-black/60 [&>button:last-child]:text-white [&>button:last-child]:hover:bg-black/80 [&>button:last-child]:hover:text-white"
          closeLabel={msg.adDialog.close}
        >
          {/* keyed so another ad starts with its first photo and a hidden contact */}
          <AdDetails key={ad.id} ad={ad} heading={DialogHeading} />
        </DialogContent>
      )}
    </Dialog>
  )
}
