import type { Language } from './languages.ts'

// The installed app's manifest in each language (docs/decisions/066-french-everywhere.md): the build
// writes both, and a page links the one of its language, so an app installed from a French page
// describes itself in French. The name is the brand in both.

export const MANIFEST_PATHS = {
  en: '/manifest.webmanifest',
  fr: '/manifest.fr.webmanifest',
} as const satisfies Record<Language, string>

export const MANIFEST_WORDS = {
  en: {
    description: "Canada's premier adult classified marketplace: browse, post and manage 18+ ads.",
    lang: 'en-CA',
  },
  fr: {
    description:
      'Le premier site de petites annonces pour adultes au Canada : consultez, publiez et gérez des annonces 18+.',
    lang: 'fr-CA',
  },
} as const satisfies Record<Language, { description: string; lang: string }>

/** A page's HTML linking the manifest of `language` instead of the English one the build wrote. */
export function linkManifestOf(html: string, language: Language): string {
  return html.replace(
    `<link rel="manifest" href="${MANIFEST_PATHS.en}">`,
    `<link rel="manifest" href="${MANIFEST_PATHS[language]}">`,
  )
}
