// The reason an admin gives with a decision, which the advertiser reads: one field for every panel,
// and, where a reason is required (a refusal, a revocation), the problem said on the field.
import { useId, useState } from 'react'
import { Input } from '#client/components/ui/input.tsx'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { cn } from '#client/lib/cn.ts'

const t = msgVerification.admin

export interface Reason {
  id: string
  value: string
  problem: boolean
  setValue: (value: string) => void
  /** the trimmed reason, or null when blank: then the field says a reason is needed and takes the focus */
  require: () => string | null
  clear: () => void
}

export function useReason(): Reason {
  const id = useId()
  const [value, setReason] = useState('')
  const [problem, setProblem] = useState(false)
  return {
    id,
    value,
    problem,
    setValue: (next) => {
      setReason(next)
      setProblem(false)
    },
    require: () => {
      const reason = value.trim()
      if (reason !== '') return reason
      setProblem(true)
      document.getElementById(id)?.focus()
      return null
    },
    clear: () => setReason(''),
  }
}

export function ReasonField({
  reason,
  label,
  className,
}: {
  reason: Reason
  label: string
  className?: string
}) {
  const problemId = `${reason.id}-problem`
  return (
    <div className={cn('grid gap-1', className)}>
      <label htmlFor={reason.id} className="text-sm font-medium">
        {label}
      </label>
      <Input
        id={reason.id}
        value={reason.value}
        maxLength={500}
        aria-invalid={reason.problem}
        aria-describedby={reason.problem ? problemId : undefined}
        onChange={(event) => reason.setValue(event.target.value)}
      />
      {reason.problem && (
        <p id={problemId} className="text-sm text-destructive">
          {t.reasonRequired}
        </p>
      )}
    </div>
  )
}
