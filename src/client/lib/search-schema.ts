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

/** The router parses values as JSON, so ?adId=123 arrives as a number: read it as trimmed text. */
export function searchText(value: unknown): string | undefined {
  return typeof value === 'string' || typeof value === 'number' ? String(value).trim() : undefined
}

export function searchOneOf<T extends string>(options: readonly T[], value: unknown): T | undefined {
  return options.find((option) => option === value)
}
