import type { ComponentProps } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'

export type TextFieldProps = Omit<ComponentProps<'input'>, 'id'> & {
  id: string
  label: string
  /** shown under the field and announced (role=alert) when present */
  error?: string
  hint?: string
}

/** A labelled input whose hint and error are tied to it with aria-describedby. */
export function TextField({ id, label, error, hint, ...props }: TextFieldProps) {
  const hintId = `${id}-hint`
  const errorId = `${id}-error`
  const describedBy = [hint ? hintId : '', error ? errorId : ''].filter(Boolean).join(' ') || undefined
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...props} />
      {hint && (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      )}
      <p id={errorId} role={error ? 'alert' : undefined} className="min-h-5 text-sm text-destructive">
        {error}
      </p>
    </div>
  )
}
