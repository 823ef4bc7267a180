// Small accessible building blocks of the ad form: every control has a label, and its hint and
// error are tied to it with aria-describedby; an error is announced when it appears.
import type { ComponentProps, ReactNode } from 'react'
import { FormProblem } from '#client/components/form/form-problem.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { cn } from '#client/lib/cn.ts'

export function describedBy(id: string, hint?: ReactNode, error?: ReactNode): string | undefined {
  return [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined
}

export interface FieldProps {
  id: string
  label: string
  hint?: ReactNode
  error?: ReactNode
  className?: string
  children: ReactNode
}

export function Field({ id, label, hint, error, className, children }: FieldProps) {
  return (
    <div className={cn('grid content-start gap-1.5', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FormProblem id={`${id}-error`}>{error}</FormProblem>
    </div>
  )
}

export interface TextFieldProps
  extends Omit<ComponentProps<'input'>, 'id' | 'value' | 'onChange' | 'children'> {
  id: string
  label: string
  hint?: ReactNode
  /** the field's problem in words: marked invalid, described by it and announced */
  error?: string | undefined
  value: string
  onValue: (value: string) => void
  /** after the input (a datalist) */
  children?: ReactNode
}

/** A labelled text input with its hint and error wired to it (every text field of the ad form). */
export function TextField({
  id,
  label,
  hint,
  error,
  value,
  onValue,
  className,
  children,
  ...input
}: TextFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      <Input
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, hint, error)}
        value={value}
        onChange={(e) => onValue(e.target.value)}
        {...input}
      />
      {children}
    </Field>
  )
}
