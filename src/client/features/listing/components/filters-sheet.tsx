import { SlidersHorizontalIcon } from 'lucide-react'
import { type ReactNode, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '#client/components/ui/sheet.tsx'
import { msg } from '#client/i18n/messages.ts'

const m = msg.listing

/**
 * The phone's filters in a side sheet. Loaded (and mounted open) the first time its button is pressed,
 * so the listing's first view does not carry Radix Dialog; closing it hands back to that plain button.
 */
export function FiltersSheet({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  const [open, setOpen] = useState(true)
  const change = (next: boolean) => {
    setOpen(next)
    if (!next) onClose()
  }
  return (
    <Sheet open={open} onOpenChange={change}>
      <SheetTrigger asChild>
        <Button variant="outline" size="sm">
          <SlidersHorizontalIcon aria-hidden="true" />
          {m.filters}
        </Button>
      </SheetTrigger>
      <SheetContent side="left" closeLabel={msg.adDialog.close}>
        <SheetHeader>
          <SheetTitle>{m.filters}</SheetTitle>
          <SheetDescription>{m.filtersDescription}</SheetDescription>
        </SheetHeader>
        {children}
        <Button onClick={() => change(false)}>{m.showResults}</Button>
      </SheetContent>
    </Sheet>
  )
}
