// The frame every admin panel shares: a titled section (its heading names it for screen readers),
// an optional line saying what it is for, and, for a list that changes while the console is open, a
// Reload button beside the heading. What loads inside says its state through panel-state.tsx.
import { RefreshCwIcon } from 'lucide-react'
import { type ReactNode, useId } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { cn } from '#client/lib/cn.ts'

interface AdminPanelProps {
  title: string
  intro?: string
  /** drawn in the destructive colour: what the panel does cannot be undone */
  danger?: boolean
  /** a Reload button beside the heading: its words and the list it loads again */
  refresh?: { label: string; query: { refetch: () => unknown } }
  /** the section's id, for a link to it (the header's queue count) */
  anchor?: string
  children: ReactNode
}

export function AdminPanel({ title, intro, danger = false, refresh, anchor, children }: AdminPanelProps) {
  const id = useId()
  return (
    <section
      id={anchor}
      aria-labelledby={id}
      className={cn(
        'grid gap-4 rounded-xl border bg-card p-5 shadow-sm',
        danger ? 'border-destructive/40' : 'border-border',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={id} className={cn('text-xl font-semibold', danger && 'text-destructive')}>
            {title}
          </h2>
          {intro && <p className="text-sm text-muted-foreground">{intro}</p>}
        </div>
        {refresh && (
          <Button variant="outline" size="sm" onClick={() => void refresh.query.refetch()}>
            <RefreshCwIcon aria-hidden="true" />
            {refresh.label}
          </Button>
        )}
      </div>
      {children}
    </section>
  )
}
