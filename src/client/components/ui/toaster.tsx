import { XIcon } from 'lucide-react'
import { useEffect } from 'react'
import { cn } from '#client/lib/cn.ts'
import { useAtomValue } from '#client/lib/state.ts'
import {
  dismissToast,
  type ToasterToast,
  toasterOnScreen,
  toastStore,
  toastsAtom,
} from '#client/lib/toasts/toast-store.ts'

// A plain live region instead of Radix Toast: the timing rules live in the store,
// and Radix's own timers (pause on hover, swipe) would fight them.

export function Toaster({ closeLabel = 'Close' }: { closeLabel?: string }) {
  const toasts = useAtomValue(toastsAtom, { store: toastStore })
  useEffect(toasterOnScreen, [])
  return (
    <section
      aria-label="Notifications"
      className="pointer-events-none fixed inset-x-0 bottom-0 z-[100] flex flex-col items-center gap-2 p-4 sm:right-0 sm:left-auto sm:items-end"
    >
      <div aria-live="polite" aria-atomic="true" className="contents">
        {toasts
          .filter((t) => t.variant !== 'destructive')
          .map((t) => (
            <ToastView key={t.id} toast={t} closeLabel={closeLabel} />
          ))}
      </div>
      <div aria-live="assertive" aria-atomic="true" className="contents">
        {toasts
          .filter((t) => t.variant === 'destructive')
          .map((t) => (
            <ToastView key={t.id} toast={t} closeLabel={closeLabel} />
          ))}
      </div>
    </section>
  )
}

function ToastView({ toast, closeLabel }: { toast: ToasterToast; closeLabel: string }) {
  const destructive = toast.variant === 'destructive'
  return (
    <div
      role={destructive ? 'alert' : 'status'}
      data-state={toast.open ? 'open' : 'closed'}
      data-variant={toast.variant}
      className={cn(
        // only the position animates: a toast fading in is, for a moment, text too faint to read (and
        // axe, checking a page while one arrives, says so)
        'pointer-events-auto relative flex w-full max-w-sm items-start gap-3 rounded-lg border p-4 pr-10 shadow-xl transition-transform duration-200',
        'data-[state=closed]:translate-y-2 data-[state=closed]:opacity-0',
        destructive ? 'border-red-800 bg-red-700 text-white' : 'border-zinc-700 bg-zinc-900 text-zinc-50',
      )}
    >
      <div className="grid gap-1">
        {toast.title && <div className="text-sm font-semibold">{toast.title}</div>}
        {toast.description && <div className="text-sm">{toast.description}</div>}
      </div>
      {toast.action}
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        className="absolute top-2 right-2 rounded-md p-1 opacity-80 outline-none hover:opacity-100 focus-visible:ring-2 focus-visible:ring-white"
      >
        <XIcon className="size-4" aria-hidden="true" />
        <span className="sr-only">{closeLabel}</span>
      </button>
    </div>
  )
}
