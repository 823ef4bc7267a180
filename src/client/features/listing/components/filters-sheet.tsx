import { SlidersHorizontalIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { SideSheet } from '#client/components/layout/side-sheet.tsx'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'

const m = msg.listing

/**
 * The phone's filters in a side sheet. Loaded (and mounted open) the first time its button is pressed,
 * so the listing's first view does not carry Radix Dialog; closing it hands back to that plain button.
 */
export function FiltersSheet({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <SideSheet
      trigger={
        <Button variant="outline" size="sm">
          <SlidersHorizontalIcon aria-hidden="true" />
          {m.filters}
        </Button>
      }
      title={m.filters}
      description={m.filtersDescription}
      closeLabel={msg.adDialog.close}
      onClosed={onClose}
    >
      {(close) => (
        <>
          {children}
          <Button onClick={close}>{m.showResults}</Button>
        </>
      )}
    </SideSheet>
  )
}
