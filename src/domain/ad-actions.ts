// Reveal and Report on an ad's server-rendered page without the app (docs/decisions/035-start-size.md
// names the start's cost; docs/decisions/029-first-visit.md why pages work before it): each is a form
// that POSTs to the server (src/server/routes/ad-actions.ts), which answers the ad's page with the
// next step in place of the form. With the app started the same forms are taken by it (dialogs,
// inline forms), so the markup is one for both.
import type { Language } from './languages.ts'

/** Where the ad page's forms are sent: outside /api, they answer pages, not JSON. */
export const AdActionPaths = {
  reveal: (adId: string) => `/ads/${encodeURIComponent(adId)}/reveal`,
  report: (adId: string) => `/ads/${encodeURIComponent(adId)}/report`,
} as const

/** The attribute that marks a form the server may answer in place of (its value: which one). */
export const AD_ACTION_ATTRIBUTE = 'data-ad-action'

/** The fields the forms send. */
export const AD_ACTION_FIELDS = {
  /** the code the visitor typed */
  code: 'code',
  /** the server's signed challenge (what the code must be, and until when) */
  challenge: 'challenge',
  reason: 'reason',
  details: 'details',
} as const

/** Written into the build's markup, replaced by the server per answer. */
export const AD_ACTION_SLOTS = {
  action: '{{ad-action:action}}',
  code: '{{ad-action:code}}',
  letters: '{{ad-action:letters}}',
  challenge: '{{ad-action:challenge}}',
} as const

/** The words and markup the build hands the server, per language (dist/fragments/ad-actions.json). */
export interface AdActionsMarkup {
  /** the typed-code form, fresh and after a wrong code */
  challenge: string
  challengeFailed: string
  /** the report form (reason and details) */
  reportForm: string
  labels: {
    phone: string
    email: string
    website: string
    handle: string
    platforms: Record<string, string>
    noContact: string
    revealFailed: string
    tooMany: string
    reportThanks: string
    reportAlready: string
    reportFailed: string
  }
}

export type AdActionsBuild = Record<Language, AdActionsMarkup>
