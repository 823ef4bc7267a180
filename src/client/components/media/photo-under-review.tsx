import { HourglassIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'

/**
 * Where an ad's photo would be while an admin has not approved it: the server sends no URL for it
 * (docs/decisions/032-photo-review.md), only how many there are.
 */
export function PhotoUnderReview({ className }: { className?: string }) {
  return (
    <div
      className={cn(
        'flex size-full flex-col items-center justify-center gap-2 bg-muted p-3 text-center text-sm text-muted-foreground',
        className,
      )}
      data-testid="photo-under-review"
    >
      <HourglassIcon className="size-6" aria-hidden="true" />
      <span>{msg.trust.photos.underReview}</span>
    </div>
  )
}
