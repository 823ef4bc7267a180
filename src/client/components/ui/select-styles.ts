// Shared by the Radix SelectTrigger and the lightweight trigger LazySelect renders before Radix loads,
// so swapping one for the other never moves or restyles anything.
export const selectTriggerClass =
  'flex h-10 w-full items-center justify-between gap-2 whitespace-nowrap rounded-md border border-input bg-background px-3 py-2 text-sm text-foreground shadow-xs outline-none transition-colors focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/40 disabled:cursor-not-allowed disabled:opacity-50 data-[placeholder]:text-muted-foreground [&>span]:truncate'

// The select's props, here rather than in lazy-select.tsx so that the menu it loads on first use
// (select-menu.tsx) does not import the file that loads it.
export interface LazySelectItem {
  /** never '' ("A select item must not have an empty-string value") */
  value: string
  label: string
  separatorAfter?: boolean
}

export interface LazySelectProps {
  id: string
  value: string | undefined
  placeholder: string
  items: readonly LazySelectItem[]
  onValueChange: (value: string) => void
  ariaLabel?: string
  className?: string
}
