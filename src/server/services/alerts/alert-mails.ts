// The alert mails in each language (docs/decisions/054-alerts.md, 016-languages.md): the search named
// as /searches names it (domain/saved-search-name.ts), with the French names of src/domain/french-names.ts,
// since the server does not import the client's catalogs.
import { CATEGORIES, COMPANION_LABELS } from '#domain/categories.ts'
import {
  FRENCH_CATEGORY_NAMES,
  FRENCH_COMPANION_LABELS,
  FRENCH_PROVINCE_NAMES,
} from '#domain/french-names.ts'
import type { Language } from '#domain/languages.ts'
import { ALL, PROVINCES, type ProvinceCode } from '#domain/provinces.ts'
import { type SearchNameParts, type SearchNameWords, savedSearchName } from '#domain/saved-search-name.ts'

function words(language: Language): SearchNameWords {
  const english = (code: string) => PROVINCES.find((p) => p.code === code)?.name ?? code
  if (language === 'fr')
    return {
      place: (code) =>
        code === ALL ? 'Tout le Canada' : (FRENCH_PROVINCE_NAMES[code as ProvinceCode] ?? english(code)),
      category: (key) => FRENCH_CATEGORY_NAMES[key],
      companion: (type) => FRENCH_COMPANION_LABELS[type],
      quoted: '« {q} »',
      verified: 'Vérifiées seulement',
    }
  return {
    place: (code) => (code === ALL ? 'All Canada' : english(code)),
    category: (key) => CATEGORIES.find((c) => c.key === key)?.label ?? key,
    companion: (type) => COMPANION_LABELS[type],
    quoted: '"{q}"',
    verified: 'Verified only',
  }
}

export function searchNameIn(language: Language, search: SearchNameParts): string {
  return savedSearchName(search, words(language))
}

export interface AlertItem {
  title: string
  url: string
}

/** One search's new ads (one, or a day's worth in a digest), with the one-click unsubscribe link. */
export function alertMail(
  language: Language,
  input: { searchName: string; items: readonly AlertItem[]; listingUrl: string; unsubscribeUrl: string },
): { subject: string; text: string } {
  const list = input.items.map((item) => `- ${item.title}\n  ${item.url}`).join('\n')
  const n = input.items.length
  if (language === 'fr')
    return {
      subject:
        n === 1 ? `Nouvelle annonce : ${input.searchName}` : `${n} nouvelles annonces : ${input.searchName}`,
      text: `${n === 1 ? 'Une nouvelle annonce correspond' : `${n} nouvelles annonces correspondent`} à votre recherche « ${input.searchName} » :\n\n${list}\n\nToute la recherche : ${input.listingUrl}\n\nNe plus recevoir ces courriels pour cette recherche : ${input.unsubscribeUrl}`,
    }
  return {
    subject: n === 1 ? `New ad: ${input.searchName}` : `${n} new ads: ${input.searchName}`,
    text: `${n === 1 ? 'A new ad matches' : `${n} new ads match`} your search "${input.searchName}":\n\n${list}\n\nThe whole search: ${input.listingUrl}\n\nStop these e-mails for this search: ${input.unsubscribeUrl}`,
  }
}

const UNSUBSCRIBED_WORDS: Record<Language, { title: string; said: string; searches: string; home: string }> =
  {
    en: {
      title: 'E-mail alert turned off',
      said: 'You will no longer get e-mails for this saved search. The search itself is kept.',
      searches: 'Your saved searches',
      home: 'Maple After Dark',
    },
    fr: {
      title: 'Alerte par courriel désactivée',
      said: 'Vous ne recevrez plus de courriels pour cette recherche sauvegardée. La recherche est conservée.',
      searches: 'Vos recherches sauvegardées',
      home: 'Maple After Dark',
    },
  }

/**
 * What a reader who opened the unsubscribe link from a mail sees (a browser asks for HTML; a mail
 * client's one-click POST gets JSON): a page of its own, no script, in the account's language.
 */
export function unsubscribedPage(language: Language): string {
  const w = UNSUBSCRIBED_WORDS[language]
  return `<!doctype html>
<html lang="${language}-CA"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${w.title}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#1c1917;background:#fafaf9}h1{font-size:1.5rem}a{color:#9f1239}</style>
</head><body><main><h1>${w.title}</h1><p>${w.said}</p>
<p><a href="/searches?lang=${language}">${w.searches}</a> · <a href="/?lang=${language}">${w.home}</a></p></main></body></html>
`
}
