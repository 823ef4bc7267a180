import { EyeIcon } from 'lucide-react'
import { type FormEvent, useEffect, useId, useReducer, useRef } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { AD_ACTION_ATTRIBUTE, AD_ACTION_FIELDS, AdActionPaths } from '#domain/ad-actions.ts'
import { initialRevealState, type RevealAction, type RevealState, revealReducer } from '#domain/reveal.ts'
import { RevealChallengeForm } from './reveal-challenge-form.tsx'
import { NoContact, RevealedContact } from './revealed-contact.tsx'

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
