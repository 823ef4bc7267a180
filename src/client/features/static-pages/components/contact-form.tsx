import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { Textarea } from '#client/components/ui/textarea.tsx'
import { msg } from '#client/i18n/messages.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'

const t = msg.static.contact

export const CONTACT_FIELDS = ['name', 'email', 'subject', 'message'] as const
export type ContactField = (typeof CONTACT_FIELDS)[number]
export type ContactValues = Record<ContactField, string>
export type ContactErrors = Partial<Record<ContactField, string>>

const EMPTY: ContactValues = { name: '', email: '', subject: '', message: '' }
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** Spec section 5: the contact form requires name, email, subject and message. */
export function validateContact(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {}
  for (const field of CONTACT_FIELDS) {
    if (!values[field].trim()) errors[field] = t.required.replace('{field}', t[field])
  }
  if (!errors.email && !EMAIL.test(values.email.trim())) errors.email = t.invalidEmail
  return errors
}

// The send is simulated: a short pause so the button state reads as real.
const SIMULATED_SEND_MS = 400

export function ContactForm() {
  const formId = useId()
  const [values, setValues] = useState<ContactValues>(EMPTY)
  const [errors, setErrors] = useState<ContactErrors>({})
  const [sending, setSending] = useState(false)

  const set = (field: ContactField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }))
    if (errors[field]) setErrors((er) => ({ ...er, [field]: undefined }))
  }

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    const found = validateContact(values)
    setErrors(found)
    const first = CONTACT_FIELDS.find((f) => found[f])
    if (first) {
      document.getElementById(`${formId}-${first}`)?.focus()
      return
    }
    setSending(true)
    setTimeout(() => {
      setSending(false)
      setValues(EMPTY)
      toast({ title: t.sentTitle, description: t.sentDescription })
    }, SIMULATED_SEND_MS)
  }

  const field = (name: ContactField, control: 'input' | 'textarea', type = 'text', autoComplete?: string) => {
    const id = `${formId}-${name}`
    const errorId = `${id}-error`
    const common = {
      id,
      name,
      value: values[name],
      onChange: set(name),
      required: true,
      'aria-invalid': errors[name] ? true : undefined,
      'aria-describedby': errors[name] ? errorId : undefined,
    }
    return (
      <div className="grid gap-1.5">
        <Label htmlFor={id}>{t[name]}</Label>
        {control === 'input' ? (
          <Input type={type} autoComplete={autoComplete} {...common} />
        ) : (
          <Textarea rows={6} {...common} />
        )}
        <p
          id={errorId}
          role={errors[name] ? 'alert' : undefined}
          className="min-h-5 text-sm text-destructive"
        >
          {errors[name]}
        </p>
      </div>
    )
  }

  return (
    <form noValidate onSubmit={submit} className="grid gap-2" aria-label={t.title}>
      <div className="grid gap-2 sm:grid-cols-2 sm:gap-4">
        {field('name', 'input', 'text', 'name')}
        {field('email', 'input', 'email', 'email')}
      </div>
      {field('subject', 'input')}
      {field('message', 'textarea')}
      <Button type="submit" size="lg" disabled={sending} className="justify-self-start">
        {sending ? t.sending : t.send}
      </Button>
    </form>
  )
}
