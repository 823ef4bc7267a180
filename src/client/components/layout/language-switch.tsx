import { useState } from 'react'
import { language, msg, setLanguage } from '#client/i18n/messages.ts'
import { cn } from '#client/lib/cn.ts'
import { LOCALES } from '#domain/languages.ts'

/**
 * The EN/FR switch: shows the other language's code and, for screen readers, its name, both in that
 * language (lang attribute), as language switches usually do.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const [busy, setBusy] = useState(false)
  const other = language() === 'en' ? 'fr' : 'en'
  return (
    <button
      type="button"
      lang={LOCALES[other]}
      disabled={busy}
      onClick={() => {
        setBusy(true)
        // the root re-renders on success; on a failed load (offline, French never fetched) stay as is
        setLanguage(other).catch(() => setBusy(false))
      }}
      className={cn(
        'inline-flex h-9 items-center rounded-md px-2 text-sm font-semibold outline-none transition-colors focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
        className,
      )}
    >
      <span aria-hidden="true">{other.toUpperCase()}</span>
      <span className="sr-only">{msg.names.switchTo}</span>
    </button>
  )
}
