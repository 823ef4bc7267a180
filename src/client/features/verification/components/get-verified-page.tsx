import { BadgeCheckIcon } from 'lucide-react'
import { useId, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { msgVerification } from '#client/i18n/messages-verification.ts'
import { errorDetail } from '#client/lib/http.ts'
import { toast } from '#client/lib/toasts/toast-store.ts'
import type { Verification } from '#domain/api/verification.ts'
import { useAskVerification, useMyVerification } from '../api/my-verification.ts'

const t = msgVerification.verify

/** /account/verification: the status, the one-time code, and the photo upload (docs/decisions/031). */
export function GetVerifiedPage() {
  const status = useMyVerification()
  return (
    <div className="mx-auto grid w-full max-w-xl gap-6 px-4 py-8 sm:py-12">
      <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight">
        <BadgeCheckIcon className="size-7 text-primary" aria-hidden="true" />
        {t.title}
      </h1>
      <p className="text-muted-foreground">{t.intro}</p>
      {status.isPending ? (
        <p role="status" className="text-sm text-muted-foreground">
          {msgReview.admin.loading}
        </p>
      ) : status.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {t.loadFailed}: {errorDetail(status.error, msg.auth.tryAgain)}
        </p>
      ) : (
        <VerificationForm verification={status.data} />
      )}
    </div>
  )
}

function VerificationForm({ verification }: { verification: Verification }) {
  const id = useId()
  const [photo, setPhoto] = useState<File | null>(null)
  const [photo2, setPhoto2] = useState<File | null>(null)
  const [problem, setProblem] = useState(false)
  const ask = useAskVerification()
  const canAsk = verification.status === 'none' || verification.status === 'refused'

  const submit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    if (!photo) {
      setProblem(true)
      document.getElementById(`${id}-photo`)?.focus()
      return
    }
    ask.mutate(
      { code: verification.code, photo, photo2 },
      {
        onSuccess: () => toast({ title: t.sent }),
        onError: (error) =>
          toast({
            title: t.sendFailed,
            description: errorDetail(error, msg.auth.tryAgain),
            variant: 'destructive',
          }),
      },
    )
  }

  return (
    <div className="grid gap-4">
      <div className="rounded-xl border border-border bg-card p-4" data-testid="verification-status">
        <p>{t.status[verification.status]}</p>
        {verification.reason && (
          <p className="mt-1 text-sm text-destructive">{fill(t.reason, { reason: verification.reason })}</p>
        )}
      </div>
      {canAsk && (
        <form noValidate onSubmit={submit} className="grid gap-4 rounded-xl border border-border bg-card p-4">
          <div className="grid gap-1">
            <p className="text-sm font-medium">{t.codeLabel}</p>
            <p className="font-mono text-3xl font-bold tracking-[0.3em]" data-testid="verification-code">
              {verification.code}
            </p>
            <p className="text-sm text-muted-foreground">{t.codeHint}</p>
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-photo`}>{t.photo}</Label>
            <Input
              id={`${id}-photo`}
              type="file"
              accept="image/*"
              aria-invalid={problem}
              aria-describedby={problem ? `${id}-problem` : undefined}
              onChange={(event) => {
                setPhoto(event.target.files?.[0] ?? null)
                setProblem(false)
              }}
            />
            {problem && (
              <p id={`${id}-problem`} className="text-sm text-destructive">
                {t.photoRequired}
              </p>
            )}
          </div>
          <div className="grid gap-1">
            <Label htmlFor={`${id}-photo2`}>{t.photo2}</Label>
            <Input
              id={`${id}-photo2`}
              type="file"
              accept="image/*"
              onChange={(event) => setPhoto2(event.target.files?.[0] ?? null)}
            />
          </div>
          <Button type="submit" disabled={ask.isPending} className="justify-self-start">
            {ask.isPending ? t.sending : t.send}
          </Button>
        </form>
      )}
    </div>
  )
}
