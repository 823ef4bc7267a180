// The active language's messages, through one live object: `msg` starts as a copy of the English catalog
// and a language switch overwrites its texts in place, so every module reads the new language, even one
// that kept `const m = msg.listing` at load time; the root then re-renders (src/client/main.tsx).
// English is in the first-load bundle; French is fetched by dynamic import only when chosen. The choice
// is kept in localStorage under `language`; a first visit follows navigator.languages
// (docs/decisions/016-languages.md).
import type { MoneyLocale } from '#domain/money.ts'
import { en } from './en.ts'
import { LANGUAGES, type Language, LOCALES, type Messages } from './messages-type.ts'

export const msg: Messages = structuredClone(en)

export const LANGUAGE_STORAGE_KEY = 'language'

let current: Language = 'en'

export function language(): Language {
  return current
}

/** The Intl locale of the active language, for money, dates and numbers. */
export function locale(): MoneyLocale {
  return LOCALES[current] as MoneyLocale
}

function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value)
}

/** Copies every text of `from` into `into`, keeping `into`'s objects (and so every alias to them). */
export function overwrite(into: unknown, from: unknown): void {
  if (typeof into !== 'object' || into === null || typeof from !== 'object' || from === null) return
  const target = into as Record<string, unknown>
  for (const [key, value] of Object.entries(from)) {
    if (typeof value === 'object' && value !== null && typeof target[key] === 'object') {
      overwrite(target[key], value)
    } else target[key] = value
  }
}

type Loader = (lang: Language) => Promise<object>

const loadMain: Loader = (lang) => (lang === 'fr' ? import('./fr.ts').then((m) => m.fr) : Promise.resolve(en))

// catalogs that load with their screens (payments, legal) join here so a later switch reaches them too
const sections: { target: object; load: Loader }[] = []

/** Adds a screen's catalog copy to the switch and brings it to the active language before it is used. */
export async function registerSection<T extends object>(target: T, load: (lang: Language) => Promise<T>) {
  sections.push({ target, load })
  if (current !== 'en') overwrite(target, await load(current))
}

const listeners = new Set<() => void>()

/** Called after a switch, once every text is in the new language. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // storage can be blocked (privacy settings): the choice then lasts for the page only
    return null
  }
}

/** The remembered choice, else the browser's first language that we offer, else English. */
export function preferredLanguage(
  stored = storage()?.getItem(LANGUAGE_STORAGE_KEY),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
): Language {
  if (isLanguage(stored)) return stored
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

function applyToDocument(lang: Language): void {
  if (typeof document === 'undefined') return
  document.documentElement.lang = LOCALES[lang]
  document.title = msg.app.documentTitle
  document.querySelector('meta[name="description"]')?.setAttribute('content', msg.app.description)
}

/** Loads `lang` if needed, switches every registered catalog to it, remembers it and tells listeners. */
export async function setLanguage(lang: Language, remember = true): Promise<void> {
  const [main, ...rest] = await Promise.all([loadMain(lang), ...sections.map((s) => s.load(lang))])
  overwrite(msg, main)
  sections.forEach((section, i) => {
    overwrite(section.target, rest[i])
  })
  current = lang
  if (remember) storage()?.setItem(LANGUAGE_STORAGE_KEY, lang)
  applyToDocument(lang)
  for (const listener of listeners) listener()
}

/** Before the first render: French users get French at once, not an English flash. */
export function startLanguage(): Promise<void> {
  const lang = preferredLanguage()
  if (lang === 'en') {
    applyToDocument('en')
    return Promise.resolve()
  }
  return setLanguage(lang, false)
}
