// Reveal and Report on an ad's page without the app, rendered at build time from the real components
// and catalogs (scripts/vite/ad-actions.ts), once per language, with slots the server fills per answer
// (src/server/services/pages/ad-actions.ts). The server never words anything itself: the contact's
// labels and the confirmations are the catalogs' texts, handed over here.
import { renderToStaticMarkup } from 'react-dom/server'
import { ReportForm } from '#client/features/listing/components/report-form.tsx'
import { RevealChallengeForm } from '#client/features/listing/components/reveal-challenge-form.tsx'
import { msg, setLanguage } from '#client/i18n/messages.ts'
import { msgReview } from '#client/i18n/messages-review.ts'
import { AD_ACTION_SLOTS, type AdActionsMarkup } from '#domain/ad-actions.ts'
import type { Language } from '#domain/languages.ts'

function challenge(failed: boolean): string {
  return renderToStaticMarkup(
    <RevealChallengeForm
      id="reveal"
      code={AD_ACTION_SLOTS.code}
      letters={AD_ACTION_SLOTS.letters}
      failed={failed}
      action={AD_ACTION_SLOTS.action}
      challenge={AD_ACTION_SLOTS.challenge}
    />,
  )
}

export async function renderAdActions(language: Language): Promise<AdActionsMarkup> {
  await setLanguage(language, false)
  const m = msg.adDialog
  const t = msgReview.review
  return {
    challenge: challenge(false),
    challengeFailed: challenge(true),
    reportForm: renderToStaticMarkup(
      <ReportForm adId="" onDone={() => {}} action={AD_ACTION_SLOTS.action} />,
    ),
    labels: {
      phone: m.phone,
      email: m.email,
      website: m.website,
      handle: m.handle,
      platforms: { ...m.platforms },
      noContact: m.noContact,
      revealFailed: m.revealFailed,
      tooMany: m.tooMany,
      reportThanks: t.reportThanks,
      reportAlready: t.reportAlready,
      reportFailed: t.reportFailed,
    },
  }
}
