// The active language's messages, through one live object: `msg` starts as a copy of the English catalog
// and a language switch overwrites its texts in place, so every module reads the new language, even one
// that kept `const m = msg.listing` at load time; the root then re-renders (src/client/app.tsx).
// English is in the first-load bundle; French is fetched by dynamic import only when chosen. The choice
// is kept in localStorage under `language`; a first visit follows navigator.languages
// (docs/decisions/016-languages.md).
// The server renders pages in many languages at once: there `msg` is read through a view that gives
// each render its own language's catalog, never switching the live one (texts-view.ts,
// docs/decisions/030-page-cache-and-render.md).

import { MANIFEST_PATHS } from '#domain/app-manifest.ts'
import { isLanguage, isQuebecPage, type Language, LOCALES } from '#domain/languages.ts'
import type { MoneyLocale } from '#domain/money.ts'
import { en } from './en.ts'
import type { Messages } from './messages-type.ts'
import { textsView } from './texts-view.ts'

// The language of the server render that is reading, or undefined (the browser, a build step): then
// the live catalogs, switched in place by setLanguage, answer.
let renderLanguage: () => Language | undefined = () => undefined

/** Server renders only (entry-server.tsx): where a render's language is read, per render. */
export function readRenderLanguageFrom(lookup: () => Language | undefined): void {
  renderLanguage = lookup
}

const mains = new Map<Language, Messages>([['en', en]])

const live: Messages = structuredClone(en)

export const msg: Messages = textsView(live, () => {
  const lang = renderLanguage()
  return lang === undefined ? undefined : mains.get(lang)
})

export const LANGUAGE_STORAGE_KEY = 'language'

let current: Language = 'en'

export function language(): Language {
  return renderLanguage() ?? current
}

/** The Intl locale of the active language, for money, dates and numbers. */
export function locale(): MoneyLocale {
  return LOCALES[language()]
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

async function loadMain(lang: Language): Promise<Messages> {
  const found = mains.get(lang)
  if (found) return found
  const catalog = lang === 'fr' ? (await import('./fr.ts')).fr : en
  mains.set(lang, catalog)
  return catalog
}

// The catalogs that load with their screens (payments, legal). Their French halves are fetched when
// French is switched on, without waiting for them, so a screen opened later finds them ready; no
// top-level await in the screen modules: it made the bundler pull route chunks into the first load.
const frenchSections = {
  payments: () => import('./fr-payments.ts').then((m) => m.frPayments),
  legal: () => import('./fr-legal.ts').then((m) => m.frLegal),
  post: () => import('./fr-post.ts').then((m) => ({ post: m.frPost, manage: m.frManage })),
  review: () =>
    Promise.all([import('./fr-reports.ts'), import('./fr-admin.ts')]).then(([r, a]) => ({
      review: r.frReview,
      admin: a.frAdmin,
    })),
  privacy: () => import('./fr-privacy.ts').then((m) => m.frPrivacy),
  auth: () => import('./fr-auth-screens.ts').then((m) => m.frAuthScreens),
  verification: () => import('./fr-verification.ts').then((m) => m.frVerification),
} as const
export type SectionName = keyof typeof frenchSections

const frenchLoaded = new Map<SectionName, object>()
const registered = new Map<SectionName, { target: object; english: object }>()

async function loadFrench(name: SectionName): Promise<object> {
  const found = frenchLoaded.get(name)
  if (found) return found
  const catalog = await frenchSections[name]()
  frenchLoaded.set(name, catalog)
  return catalog
}

let revision = 0
const listeners = new Set<() => void>()

/** Grows each time the texts change, for the root to re-render (src/client/app.tsx). */
export function textsRevision(): number {
  return revision
}

/** Called after a switch, once every text is in the new language. */
export function onLanguageChange(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

function changed(): void {
  revision += 1
  for (const listener of listeners) listener()
}

/**
 * Called once by a screen catalog's module (messages-payments.ts): its live copy joins the switch and
 * is brought to the active language now if that language is loaded, else as soon as it arrives. The
 * texts are read through a view, as `msg` is, so a server render reads its own language's copy.
 */
export function registerSection<T extends object>(name: SectionName, english: T): T {
  const target = structuredClone(english)
  registered.set(name, { target, english })
  const view = textsView(target, () => {
    const lang = renderLanguage()
    if (lang === undefined) return undefined
    return (lang === 'en' ? english : frenchLoaded.get(name)) as T | undefined
  })
  if (current === 'en') return view
  const ready = frenchLoaded.get(name)
  if (ready) {
    overwrite(target, ready)
    return view
  }
  void loadFrench(name)
    .then((catalog) => {
      if (current !== 'fr') return
      overwrite(target, catalog)
      changed()
    })
    // offline with the chunk never fetched: the screen stays in English rather than failing
    .catch(() => undefined)
  return view
}

/**
 * Server renders only: loads every catalog of `lang` (the main one and each screen's) once, so that a
 * render in it reads them all without waiting. The live catalogs are left as they are.
 */
export async function loadRenderTexts(lang: Language): Promise<void> {
  await loadMain(lang)
  if (lang === 'fr') await Promise.all((Object.keys(frenchSections) as SectionName[]).map(loadFrench))
}

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // storage can be blocked (privacy settings): the choice then lasts for the page only
    return null
  }
}

/** The language this device chose with the switch (or a `?lang=` link), if it did. */
export function chosenLanguage(stored = storage()?.getItem(LANGUAGE_STORAGE_KEY)): Language | undefined {
  return isLanguage(stored) ? stored : undefined
}

/**
 * The remembered choice, else French on a page of Quebec's ads (as the server draws it:
 * services/pages/page-language.ts), else the browser's first language that we offer, else English.
 */
export function preferredLanguage(
  stored = storage()?.getItem(LANGUAGE_STORAGE_KEY),
  browser: readonly string[] = typeof navigator === 'undefined' ? [] : navigator.languages,
  pathname: string = typeof location === 'undefined' ? '/' : location.pathname,
): Language {
  if (isLanguage(stored)) return stored
  if (isQuebecPage(pathname)) return 'fr'
  for (const tag of browser) {
    const base = tag.toLowerCase().split('-')[0]
    if (isLanguage(base)) return base
  }
  return 'en'
}

/**
 * Remembers a choice on this device, and in a cookie for the server, which renders listing and ad
 * pages in it (src/server/routes/pages.ts) so the page does not switch language once the app starts.
 */
export function rememberLanguage(lang: Language): void {
  storage()?.setItem(LANGUAGE_STORAGE_KEY, lang)
  if (typeof document !== 'undefined') {
    // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from Firefox and older Safari
    document.cookie = `${LANGUAGE_STORAGE_KEY}=${lang}; path=/; max-age=31536000; samesite=lax`
  }
}

function applyToDocument(lang: Language): void {
  if (typeof document === 'undefined') return
  document.documentElement.lang = LOCALES[lang]
  document.title = live.app.documentTitle
  document.querySelector('meta[name="description"]')?.setAttribute('content', live.app.description)
  // an app installed from here describes itself in this language (#domain/app-manifest.ts)
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', MANIFEST_PATHS[lang])
}

/** Loads `lang` if needed, switches every registered catalog to it, remembers it and tells listeners. */
export async function setLanguage(lang: Language, remember = true): Promise<void> {
  const names = [...registered.keys()]
  const [main, ...sections] = await Promise.all([
    loadMain(lang),
    ...names.map((name) =>
      lang === 'fr' ? loadFrench(name) : Promise.resolve(registered.get(name)?.english),
    ),
  ])
  overwrite(live, main)
  names.forEach((name, i) => {
    overwrite(registered.get(name)?.target, sections[i])
  })
  current = lang
  if (remember) rememberLanguage(lang)
  applyToDocument(lang)
  changed()
  if (lang === 'fr') {
    for (const name of Object.keys(frenchSections) as SectionName[])
      void loadFrench(name).catch(() => undefined)
  }
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
