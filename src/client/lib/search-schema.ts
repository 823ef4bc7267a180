// A route's search-param parser as a Standard Schema (https://standardschema.dev), without a schema
// library. Route options (validateSearch) are part of every page's first load, so with zod every
// page would load zod just to read ?type=post. TanStack Router takes the link input type from
// `types` (so links may leave defaulted params out) and calls `validate`; `parse` is for callers
// and tests.

export interface SearchSchema<Input, Output> {
  readonly '~standard': {
    readonly version: 1
    readonly vendor: string
    readonly validate: (value: unknown) => { readonly value: Output }
    readonly types?: { readonly input: Input; readonly output: Output }
  }
  parse(search: unknown): Output
}

/** `read` must never throw: a hand-edited URL falls back to defaults instead of failing. */
export function searchSchema<Input, Output>(
  read: (search: Record<string, unknown>) => Output,
): SearchSchema<Input, Output> {
  const parse = (search: unknown): Output =>
    read(typeof search === 'object' && search !== null ? (search as Record<string, unknown>) : {})
  return {
    '~standard': { version: 1, vendor: 'maple-after-dark', validate: (value) => ({ value: parse(value) }) },
    parse,
  }
}

/**
 * How every router of the app (browser, server render, pre-render) reads and writes a URL's search:
 * each value is the text typed, the first one where a key repeats. The router's default reads values
 * as JSON, so a search for 2024 arrived as a number and went back into the address as ?q=%222024%22
 * (a redirect on every server render of ?q=2024), and a search for true or null was lost.
 */
export const plainTextSearch = {
  parseSearch(searchStr: string): Record<string, string> {
    const values = new Map<string, string>()
    for (const [key, value] of new URLSearchParams(searchStr)) if (!values.has(key)) values.set(key, value)
    // own keys only, whatever their names (?__proto__= included)
    return Object.fromEntries(values)
  },
  stringifySearch(search: Record<string, unknown>): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(search)) {
      if (value !== undefined && value !== null) params.set(key, String(value))
    }
    const text = params.toString()
    return text ? `?${text}` : ''
  },
}

/** A value as trimmed text: from the URL always text, from a link in code maybe a number. */
export function searchText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined
}

export function searchOneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value)
}
