// What the build hands the server for its 18+ gate (scripts/vite/adult-gate.ts →
// src/server/services/pages/adult-gate.ts): the gate's markup in each language, rendered from the
// client's catalogs and components, with two slots the server fills per request, and its inline script.
// docs/decisions/029-first-visit.md.
import type { Language } from './languages.ts'

/**
 * The cookie that says a visitor confirmed the 18+ gate: the server leaves its gate out of the pages
 * it sends when it is there (docs/decisions/029-first-visit.md). Same name and value as the
 * localStorage key, which the app and the page's inline script keep in step with it.
 */
export const ADULT_COOKIE = { name: 'adult_confirmed', value: '1', maxAgeSeconds: 31_536_000 } as const

/** Where the gate's form is sent (src/server/routes/adult-gate.ts). */
export const ADULT_GATE_PATH = '/adult-gate'

/** The hidden field that carries the page to come back to. */
export const ADULT_GATE_RETURN_FIELD = 'return'

/** Written into the markup at build time, replaced by the server for each page it sends. */
export const ADULT_GATE_SLOTS = {
  /** the page's own path and query, where the form comes back to */
  returnTo: '{{adult-gate:return}}',
  /** the same page in the other language (?lang=…) */
  otherLanguage: '{{adult-gate:other-language}}',
} as const

/** The build's file, beside the render bundle: dist/gate/adult-gate.json. */
export interface AdultGateBuild {
  markup: Record<Language, string>
  /** the inline script's text, without its <script> tag (the server's CSP names its hash) */
  script: string
}
