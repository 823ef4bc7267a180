import { Check, Copy } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msgPayments } from '#client/i18n/messages-payments.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'

const t = msgPayments.pay

/** Copies an address; its accessible name says what (e.g. 'Copy Bitcoin address'). */
export function CopyButton({ text, name }: { text: string; name: string }) {
  const [copied, setCopied] = useState(false)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), 2000)
    return () => clearTimeout(timer)
  }, [copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text)
      setCopied(true)
    } catch {
      toast({ title: t.copyFailed, variant: 'destructive' })
    }
  }

  return (
    <Button variant="outline" size="sm" aria-label={`${t.copy} ${name}`} onClick={() => void copy()}>
      {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
      <span aria-live="polite">{copied ? t.copied : t.copy}</span>
    </Button>
  )
}
