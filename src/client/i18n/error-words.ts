// The app's words for the API's error codes: the catalogs of src/domain/api (error-words-en.ts,
// error-words-fr.ts), the ones the server words its `detail` from. Each language's catalog is fetched
// the first time an answer is refused in it, so neither weighs on the first load, and French loads
// only with French (docs/decisions/037-error-codes.md). The list of codes and the wording come with
// the first catalog too: nothing at the app's start needs them (docs/decisions/040-react.md).
import type { ErrorWords } from '#domain/api/error-codes.ts'
import type { Language } from '#domain/languages.ts'

type Codes = typeof import('#domain/api/error-codes.ts')

interface Catalog {
  words: ErrorWords
  codes: Codes
}

const codes = () => import('#domain/api/error-codes.ts')
const catalogs: Record<Language, () => Promise<Catalog>> = {
  en: async () => ({
    words: (await import('#domain/api/error-words-en.ts')).errorWordsEn,
    codes: await codes(),
  }),
  fr: async () => ({
    words: (await import('#domain/api/error-words-fr.ts')).errorWordsFr,
    codes: await codes(),
  }),
}

const loaded = new Map<Language, Catalog>()

/** Fetches the error words of `lang` once; offline with the chunk never fetched, the server's words serve. */
export async function loadErrorWords(lang: Language): Promise<void> {
  if (loaded.has(lang)) return
  try {
    loaded.set(lang, await catalogs[lang]())
  } catch {
    // the answer's own detail (in the language asked for) is shown instead
  }
}

type Params = Readonly<Record<string, string | number>>

function paramsOf(value: unknown): Params | undefined {
  return typeof value === 'object' && value !== null ? (value as Params) : undefined
}

/**
 * The words of an error answer `{ code, params, issues }` in `lang`, or undefined when its code is
 * not ours or the catalog is not loaded. A refused payload names each field: "email: Enter a valid
 * email; …", as the server writes it.
 */
export function errorWords(body: unknown, lang: Language): string | undefined {
  const catalog = loaded.get(lang)
  if (catalog === undefined || typeof body !== 'object' || body === null) return undefined
  const {
    words,
    codes: { isErrorCode, wordError, wordIssues },
  } = catalog
  const { code, params, issues } = body as Record<string, unknown>
  if (!isErrorCode(code)) return undefined
  if (Array.isArray(issues) && issues.length > 0) {
    const coded = issues.map((issue: unknown) => {
      const { field, code: issueCode, params: issueParams } = (issue ?? {}) as Record<string, unknown>
      if (typeof field !== 'string' || !isErrorCode(issueCode)) return undefined
      return { field, code: issueCode, params: paramsOf(issueParams) }
    })
    return coded.every((issue) => issue !== undefined) ? wordIssues(words, coded) : undefined
  }
  return wordError(words, { code, params: paramsOf(params) })
}
