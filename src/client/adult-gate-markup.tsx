// The server's 18+ gate, rendered at build time from the catalogs and components
// (scripts/vite/adult-gate.ts), once per language. The server writes it before #root in every page
// it sends to a visitor without the consent cookie, so it is in the first paint and works without
// JavaScript: a form that POSTs and comes back to the same page with the cookie set
// (docs/decisions/029-first-visit.md). The page behind it is `inert` (no focus, no clicks, out of the
// accessibility tree): the focus stays in the gate without a script; the confirmation has the focus.
import { renderToStaticMarkup } from 'react-dom/server'
import {
  ADULT_GATE_ACTIONS,
  ADULT_GATE_PANEL,
  AdultGateText,
} from '#client/components/layout/adult-gate-text.tsx'
import { buttonVariants } from '#client/components/ui/button.tsx'
import { msg, setLanguage } from '#client/i18n/messages.ts'
import { SERVER_GATE_ID } from '#client/lib/adult-consent.ts'
import { ADULT_GATE_PATH, ADULT_GATE_RETURN_FIELD, ADULT_GATE_SLOTS } from '#domain/adult-gate.ts'
import { type Language, LOCALES } from '#domain/languages.ts'

function ServerAdultGate({ other }: { other: Language }) {
  const t = msg.static.ageGate
  return (
    <div
      id={SERVER_GATE_ID}
      className="fixed inset-0 z-[100] flex items-center justify-center overflow-y-auto bg-black/80 p-4"
    >
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="adult-gate-title"
        aria-describedby="adult-gate-body"
        className={ADULT_GATE_PANEL}
      >
        <AdultGateText />
        <form method="post" action={ADULT_GATE_PATH} className={ADULT_GATE_ACTIONS}>
          <input type="hidden" name={ADULT_GATE_RETURN_FIELD} value={ADULT_GATE_SLOTS.returnTo} />
          <a
            href={t.leaveUrl}
            rel="noreferrer"
            className={buttonVariants({ variant: 'outline', size: 'lg' })}
          >
            {t.leave}
          </a>
          {/* biome-ignore lint/a11y/noAutofocus: the page behind is inert; the gate's answer is the one thing to do */}
          <button type="submit" autoFocus className={buttonVariants({ size: 'lg' })}>
            {t.confirm}
          </button>
        </form>
        {/* the language can be chosen before entering: the same page in the other language */}
        <div className="mt-4 flex justify-center">
          <a
            href={ADULT_GATE_SLOTS.otherLanguage}
            lang={LOCALES[other]}
            className="inline-flex h-9 items-center rounded-md px-2 text-sm font-semibold text-muted-foreground outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span aria-hidden="true">{other.toUpperCase()}</span>
            <span className="sr-only">{msg.names.switchTo}</span>
          </a>
        </div>
      </div>
    </div>
  )
}

export async function renderAdultGate(language: Language): Promise<string> {
  await setLanguage(language, false)
  return renderToStaticMarkup(<ServerAdultGate other={language === 'en' ? 'fr' : 'en'} />)
}
