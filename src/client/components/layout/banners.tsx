import { CloudOffIcon, FlaskConicalIcon, ServerCrashIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'

const t = msg.layout

/** Always shown: the seeded demo ads are samples, not real sellers. */
export function MockDataBanner() {
  return (
    <div className="bg-amber-100 text-amber-950">
      <p className="mx-auto flex max-w-7xl items-center gap-2 px-4 py-1.5 text-xs sm:text-sm">
        <FlaskConicalIcon className="size-4 shrink-0" aria-hidden="true" />
        {t.mockBanner}
      </p>
    </div>
  )
}

export interface ConnectivityBannerProps {
  online: boolean
  /** null until the first check answers: say nothing rather than guess */
  backendReachable: boolean | null
}

/**
 * Offline or back end unreachable. Fixed to the bottom of
 * the viewport so appearing after the check never shifts the page (CLS).
 */
export function ConnectivityBanner({ online, backendReachable }: ConnectivityBannerProps) {
  const message = !online ? t.offlineBanner : backendReachable === false ? t.backendDownBanner : null
  return (
    <div role="status" aria-live="polite" className="pointer-events-none fixed inset-x-0 bottom-0 z-30">
      {message && (
        <p className="pointer-events-auto flex items-center justify-center gap-2 bg-zinc-800 px-4 py-2 text-center text-sm text-white shadow-lg">
          {online ? (
            <ServerCrashIcon className="size-4 shrink-0" aria-hidden="true" />
          ) : (
            <CloudOffIcon className="size-4 shrink-0" aria-hidden="true" />
          )}
          {message}
        </p>
      )}
    </div>
  )
}
