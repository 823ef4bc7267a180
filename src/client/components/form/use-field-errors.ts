import { type ChangeEvent, useId, useState } from 'react'

/**
 * The text fields of a small form (sign in, register, admin sign in): their values, their errors
 * (an error clears as soon as its field is edited), and the ids `${formId}-${name}` that the pages
 * and tests rely on.
 */
export function useFieldErrors<K extends string>(initial: Record<K, string>) {
  const id = useId()
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Partial<Record<K, string>>>({})

  const setValue = (name: K, value: string) => setValues((v) => ({ ...v, [name]: value }))

  /** props for a TextField bound to `name` */
  const field = (name: K) => ({
    id: `${id}-${name}`,
    value: values[name],
    error: errors[name],
    onChange: (e: ChangeEvent<HTMLInputElement>) => {
      setValue(name, e.target.value)
      if (errors[name]) setErrors((er) => ({ ...er, [name]: undefined }))
    },
  })

  /** shows `found`; when there is any, focuses the first invalid field (in form order) and returns false */
  const accept = (found: Partial<Record<K, string>>) => {
    setErrors(found)
    const first = (Object.keys(initial) as K[]).find((name) => found[name])
    if (first === undefined) return true
    document.getElementById(`${id}-${first}`)?.focus()
    return false
  }

  return { id, values, setValue, field, accept }
}
