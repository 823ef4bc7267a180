import { RefreshCwIcon } from 'lucide-react'
import type { FormEvent, Ref } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { AD_ACTION_FIELDS } from '#domain/ad-actions.ts'

const m = msg.adDialog

/**
 * The typed-code form. In the app it checks the code itself; rendered for the server
 * (src/client/ad-actions-markup.tsx) it posts the code and the server's signed challenge instead.
 */
export function RevealChallengeForm({
  id,
  code,
  letters,
  failed,
  inputRef,
  onSubmit,
  onNewCode,
  action,
  challenge,
}: {
  id: string
  code: string
  /** the code's letters spelled apart, for screen readers */
  letters: string
  failed: boolean
  inputRef?: Ref<HTMLInputElement>
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void
  /** without it (no app) a wrong code is the way to a new one */
  onNewCode?: () => void
  action?: string
  challenge?: string
}) {
  return (
    <form
      onSubmit={onSubmit}
      method={action ? 'post' : undefined}
      action={action}
      className="flex flex-col gap-3"
      aria-describedby={`${id}-intro`}
    >
      {challenge !== undefined && <input type="hidden" name={AD_ACTION_FIELDS.challenge} value={challenge} />}
      <p id={`${id}-intro`} className="text-sm text-muted-foreground">
        {m.revealIntro}
      </p>
      <div className="flex items-center gap-2">
        <div
          data-testid="reveal-code"
          className="select-none rounded-md border border-border bg-[repeating-linear-gradient(135deg,#f4f4f5_0_6px,#e4e4e7_6px_12px)] px-4 py-2 font-mono text-2xl font-bold tracking-[0.4em] text-zinc-900 italic"
        >
          <span aria-hidden="true">{code}</span>
          <span className="sr-only">{fill(m.codeSpoken, { letters })}</span>
        </div>
        {onNewCode && (
          <Button type="button" variant="ghost" size="icon" onClick={onNewCode}>
            <RefreshCwIcon aria-hidden="true" />
            <span className="sr-only">{m.newCode}</span>
          </Button>
        )}
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${id}-code`}>{m.codeInputLabel}</Label>
        <div className="flex gap-2">
          <Input
            key={code}
            ref={inputRef}
            id={`${id}-code`}
            name={AD_ACTION_FIELDS.code}
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={12}
            className="font-mono uppercase"
            aria-invalid={failed || undefined}
            aria-describedby={failed ? `${id}-error` : undefined}
            // without the app the page comes back with this form: typing the code is the one thing to do
            autoFocus={action !== undefined}
          />
          <Button type="submit">{m.codeSubmit}</Button>
        </div>
        {failed && (
          <p id={`${id}-error`} role="alert" className="text-sm font-medium text-destructive">
            {m.wrongCode}
          </p>
        )}
      </div>
    </form>
  )
}
