// A sheet from the left that its page loads, and mounts open, the first time its button is pressed,
// so the page's first view does not carry Radix Dialog: the Browse drawer and the listing's filters.
import { type ReactNode, useState } from 'react'
import {
  Sheet,
  SheetContent,
  SheetDescription,
  SheetHeader,
  SheetTitle,
  SheetTrigger,
} from '#client/components/ui/sheet.tsx'

interface SideSheetProps {
  /** the button that opens it again, in place of the plain one the page showed before loading it */
  trigger: ReactNode
  title: string
  description: string
  closeLabel: string
  /** after it closes, whichever way */
  onClosed?: () => void
  /** its content, given the function that closes it (a link followed, Show results) */
  children: (close: () => void) => ReactNode
}

export function SideSheet({ trigger, title, description, closeLabel, onClosed, children }: SideSheetProps) {
  const [open, setOpen] = useState(true)
  const change = (next: boolean) => {
    setOpen(next)
    if (!next) onClosed?.()
  }
  return (
    <Sheet open={open} onOpenChange={change}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" closeLabel={closeLabel}>
        <SheetHeader>
          <SheetTitle>{title}</SheetTitle>
          <SheetDescription>{description}</SheetDescription>
        </SheetHeader>
        {children(() => change(false))}
      </SheetContent>
    </Sheet>
  )
}
