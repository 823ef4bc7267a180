import { MenuIcon } from 'lucide-react'
import { msg } from '#client/i18n/messages.ts'

export const browseTriggerClass =
  'inline-flex h-10 items-center gap-2 rounded-md px-2 text-sm font-medium outline-none hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-ring lg:hidden'

export function BrowseTriggerContent() {
  return (
    <>
      <MenuIcon className="size-5" aria-hidden="true" />
      {/* phones narrower than 390 px keep the header on one line with the icon alone */}
      <span className="max-[389px]:sr-only">{msg.layout.browse}</span>
    </>
  )
}
