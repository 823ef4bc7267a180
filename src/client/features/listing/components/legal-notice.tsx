import { ShieldAlertIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'

const m = msg.listing

/** Shown on the adult-services listing. */
export function LegalNotice() {
  return (
    <aside
      aria-labelledby="legal-notice-title"
      className="mb-5 flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <ShieldAlertIcon className="mt-0.5 size-5 shrink-0" aria-hidden="true" />
      <div>
        <h2 id="legal-notice-title" className="text-sm font-semibold">
          {m.legalNoticeTitle}
        </h2>
        <p className="mt-1 text-sm">{m.legalNotice}</p>
      </div>
    </aside>
  )
}
