import { EyeIcon, RefreshCwIcon } from 'lucide-react'
import { type FormEvent, type Ref, useEffect, useId, useReducer, useRef, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { Input } from '#client/components/ui/input.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { fill } from '#client/i18n/fill.ts'
import { msg } from '#client/i18n/messages.ts'
import { errorDetail } from '#client/lib/http.ts'
import type { Contact } from '#domain/ad.ts'
import { AD_ACTION_ATTRIBUTE, AD_ACTION_FIELDS, AdActionPaths } from '#domain/ad-actions.ts'
import { hasContactDetails } from '#domain/ad-facts.ts'
import type { AdReveal } from '#domain/api/ads.ts'
import type { ContactPlatform } from '#domain/constants.ts'
import { initialRevealState, type RevealAction, type RevealState, revealReducer } from '#domain/reveal.ts'
import { revealAd } from '../api/reveal-ad.ts'

const m = msg.adDialog

const reducer = (state: RevealState, action: RevealAction) => revealReducer(state, action)

/**
 * Hidden → typed-code challenge → revealed. The details come from POST /ads/{id}/reveal only once the
 * code is typed: list and detail answers never carry them (anti-scraping).
 */
export function RevealContact({ adId, hasContact, demo = false }: RevealContactProps) {
  if (demo) return <SampleAdNotice />
  return <RevealFlow adId={adId} hasContact={hasContact} />
}

interface RevealContactProps {
  adId: string
  hasContact: boolean
  /** a seeded demo ad: nobody is behind it, so it says so instead of offering a reveal */
  demo?: boolean
}

function SampleAdNotice() {
  return (
    <div data-testid="sample-ad" className="grid gap-1 text-sm">
      <p className="font-semibold">{m.sampleAd}</p>
      <p className="text-muted-foreground">{m.sampleAdBody}</p>
    </div>
  )
}

function RevealFlow({ adId, hasContact }: { adId: string; hasContact: boolean }) {
  const [state, dispatch] = useReducer(reducer, initialRevealState)
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)

  const challengeCode = state.status === 'challenge' ? state.code : null
  // a new challenge (the first, or after a wrong code) starts with a focused box; the box is keyed by
  // the code, so it is also a fresh, empty one
  useEffect(() => {
    if (challengeCode !== null) inputRef.current?.focus()
  }, [challengeCode])

  if (state.status === 'hidden') {
    // a form the server answers without the app (src/server/routes/ad-actions.ts); the app takes it
    return (
      <form
        method="post"
        action={AdActionPaths.reveal(adId)}
        {...{ [AD_ACTION_ATTRIBUTE]: 'reveal' }}
        onSubmit={(event) => {
          event.preventDefault()
          dispatch({ type: 'start' })
        }}
      >
        <Button type="submit">
          <EyeIcon aria-hidden="true" />
          {m.reveal}
        </Button>
      </form>
    )
  }

  if (state.status === 'challenge') {
    const submit = (event: FormEvent<HTMLFormElement>) => {
      event.preventDefault()
      const typed = new FormData(event.currentTarget).get(AD_ACTION_FIELDS.code)
      dispatch({ type: 'submit', typed: typeof typed === 'string' ? typed : '' })
    }
    return (
      <RevealChallengeForm
        id={id}
        code={state.code}
        letters={state.code.split('').join(' ')}
        failed={state.failed}
        inputRef={inputRef}
        onSubmit={submit}
        onNewCode={() => dispatch({ type: 'new-code' })}
      />
    )
  }

  if (!hasContact) return <NoContact />
  return <RevealedContact adId={adId} />
}

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

function NoContact() {
  return (
    <p role="status" className="text-sm text-muted-foreground">
      {m.noContact}
    </p>
  )
}

type Revealed =
  | { status: 'loading' }
  | { status: 'done'; answer: AdReveal }
  | { status: 'failed'; detail: string }

/** Asks the server for the contact once the code was typed; a refusal (rate limit, gone) is said plainly. */
function RevealedContact({ adId }: { adId: string }) {
  const [revealed, setRevealed] = useState<Revealed>({ status: 'loading' })
  const [attempt, setAttempt] = useState(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    let live = true
    setRevealed({ status: 'loading' })
    revealAd(adId).then(
      (answer) => live && setRevealed({ status: 'done', answer }),
      (error: unknown) =>
        live && setRevealed({ status: 'failed', detail: errorDetail(error, m.revealFailed) }),
    )
    return () => {
      live = false
    }
  }, [adId, attempt])

  if (revealed.status === 'loading') {
    return (
      <p aria-busy="true" className="text-sm text-muted-foreground">
        {m.revealing}
      </p>
    )
  }
  if (revealed.status === 'failed') {
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm">
        <p>{revealed.detail}</p>
        <Button variant="outline" size="sm" onClick={() => setAttempt((n) => n + 1)}>
          {m.revealRetry}
        </Button>
      </div>
    )
  }
  const { contact, contactPlatform } = revealed.answer
  if (!hasContactDetails(contact)) return <NoContact />
  return <ContactDetails contact={contact} platform={contactPlatform ?? undefined} />
}

function safeWebsite(url: string): string | null {
  try {
    const parsed = new URL(url)
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : null
  } catch {
    return null
  }
}

function ContactDetails({ contact, platform }: { contact: Contact; platform?: ContactPlatform | undefined }) {
  const website = contact.website.trim()
  const href = website ? safeWebsite(website) : null
  return (
    <div role="status">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {contact.phone.trim() && (
          <>
            <dt className="font-medium text-muted-foreground">{m.phone}</dt>
            <dd>
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={`tel:${contact.phone.trim()}`}
              >
                {contact.phone.trim()}
              </a>
            </dd>
          </>
        )}
        {contact.email.trim() && (
          <>
            <dt className="font-medium text-muted-foreground">{m.email}</dt>
            <dd className="break-all">
              <a
                className="text-primary underline-offset-4 hover:underline"
                href={`mailto:${contact.email.trim()}`}
              >
                {contact.email.trim()}
              </a>
            </dd>
          </>
        )}
        {website && (
          <>
            <dt className="font-medium text-muted-foreground">{m.website}</dt>
            <dd className="break-all">
              {href ? (
                <a
                  className="text-primary underline-offset-4 hover:underline"
                  href={href}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                >
                  {website}
                </a>
              ) : (
                website
              )}
            </dd>
          </>
        )}
        {contact.handle.trim() && (
          <>
            <dt className="font-medium text-muted-foreground">{m.handle}</dt>
            <dd className="break-all">
              {contact.handle.trim()}
              {platform && <span className="text-muted-foreground"> ({m.platforms[platform]})</span>}
            </dd>
          </>
        )}
      </dl>
    </div>
  )
}
