import type { ReactNode } from 'react'

/**
 * A form's or a field's problem in words, read out as it appears (`role="alert"`); nothing while there
 * is none. `id` lets the field name it in `aria-describedby`.
 */
export function FormProblem({ id, children }: { id?: string; children: ReactNode }) {
  if (children === null || children === undefined || children === false || children === '') return null
  return (
    <p id={id} role="alert" className="text-sm text-destructive">
      {children}
    </p>
  )
}
