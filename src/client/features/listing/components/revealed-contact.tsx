import { useEffect, useState } from 'react'
import { Button } from '#client/components/ui/button.tsx'
import { msg } from '#client/i18n/messages.ts'
import { errorDetail } from '#client/lib/http.ts'
import type { Contact } from '#domain/ad.ts'
import { hasContactDetails } from '#domain/ad-facts.ts'
import type { AdReveal } from '#domain/api/ads.ts'
import type { ContactPlatform } from '#domain/constants.ts'
import { contactRows } from '#domain/contact-rows.ts'
import { revealAd } from '../api/reveal-ad.ts'

const m = msg.adDialog

export function NoContact() {
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
export function RevealedContact({ adId }: { adId: string }) {
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

const LINK = 'text-primary underline-offset-4 hover:underline'

function ContactDetails({ contact, platform }: { contact: Contact; platform?: ContactPlatform | undefined }) {
  return (
    <div role="status">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {contactRows(contact, platform).map((row) => (
          <div key={row.field} className="contents">
            <dt className="font-medium text-muted-foreground">{m[row.field]}</dt>
            <dd className={row.field === 'phone' ? undefined : 'break-all'}>
              {row.href === null ? (
                row.text
              ) : row.field === 'website' ? (
                <a className={LINK} href={row.href} target="_blank" rel="noopener noreferrer nofollow">
                  {row.text}
                </a>
              ) : (
                <a className={LINK} href={row.href}>
                  {row.text}
                </a>
              )}
              {row.platform && <span className="text-muted-foreground"> ({m.platforms[row.platform]})</span>}
            </dd>
          </div>
        ))}
      </dl>
    </div>
  )
}
