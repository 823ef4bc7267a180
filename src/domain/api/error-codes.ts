// Every refusal the API can answer, named once: a stable code and the kinds of its parameters. The
// words live in the catalogs beside this file (error-words-en.ts, error-words-fr.ts); the server writes
// its `detail` from them in the request's language, and the app words a code from the same catalogs
// (docs/decisions/037-error-codes.md). A code never changes meaning; its words may.

/** A parameter's kind: free text, a number, or a field's key (worded by the catalog's `fields`). */
type ParamKind = 'text' | 'number' | 'field'

const none = {} as const

export const ERROR_CODES = {
  // the framework and the error handler
  'request.not_found': none,
  'request.internal': none,
  'request.unavailable': none,
  'request.rate_limited': none,
  'request.too_large': none,
  'request.body_too_slow': { seconds: 'number' },
  'request.bad_json': none,
  'request.refused': { reason: 'text' },
  'request.unsupported_type': { reason: 'text' },
  'request.malformed_url': none,
  'request.segment_too_long': none,
  'request.range_not_satisfiable': none,
  'request.invalid': none,
  'request.invalid_value': { reason: 'text' },
  'request.one_of': { name: 'text', values: 'text' },
  'request.page_not_number': none,
  'request.page_not_whole': none,
  'request.page_too_small': none,
  'request.page_too_large': { max: 'number' },
  'request.province': { codes: 'text' },
  'page.cross_site_form': none,
  // free text in any payload
  'text.too_long': { field: 'field', max: 'number' },
  'text.nul': none,
  'text.field_nul': { field: 'field' },
  // accounts and sessions
  'auth.required': none,
  'auth.session_invalid': none,
  'auth.sign_in_first': none,
  'auth.admin_required': none,
  'auth.admin_invalid_credentials': none,
  'auth.invalid_credentials': none,
  'auth.email_not_verified': none,
  'auth.account_suspended': none,
  'auth.verify_link_invalid': none,
  'auth.reset_link_invalid': none,
  'auth.verify_token_missing': none,
  'auth.password_common': none,
  'auth.password_too_short': { min: 'number' },
  'auth.password_too_long': { max: 'number' },
  'auth.wrong_current_password': none,
  'auth.same_password': none,
  'auth.email_invalid': none,
  'auth.email_too_long': none,
  'auth.token_required': none,
  'auth.password_required': none,
  'auth.username_required': none,
  'auth.current_password_required': none,
  // ads
  'ad.not_found': none,
  'favourite.bad_ad_id': none,
  // saved searches (docs/decisions/052-saved-searches.md)
  'search.limit': { max: 'number' },
  'search.not_found': none,
  'ad.bad_id': none,
  // Web Push (docs/decisions/054-alerts.md)
  'push.off': none,
  'push.bad_endpoint': none,
  'ad.banned_words': { words: 'text' },
  'ad.verify_email_first': none,
  'ad.companion_needs_verification': none,
  'ad.companion_confirmation_required': none,
  'ad.removed_unchangeable': none,
  'ad.held_uneditable': none,
  'ad.bumped_recently': none,
  'ad.available_not_live': none,
  'ad.available_limit': { max: 'number' },
  'ad.tour_too_many': { max: 'number' },
  'ad.tour_date': none,
  'ad.tour_order': none,
  'ad.tour_past': none,
  'ad.tour_too_far': { days: 'number' },
  'ad.tour_too_long': { days: 'number' },
  'ad.tour_city_unknown': { city: 'text' },
  'ad.title_required': none,
  'ad.media_ids': none,
  'ad.too_many_photos': { max: 'number' },
  'ad.too_many_videos': { max: 'number' },
  'ad.too_many_videos_edit': { max: 'number' },
  'ad.unknown_province': { codes: 'text', all: 'text' },
  'ad.fee_needs_ad': none,
  'ad.already_paid': none,
  'ad.not_bumpable': none,
  'ad.bump_needs_payment': none,
  'ad.bump_needs_renewal': none,
  'ad.held_unpayable': none,
  'ad.removed_unpayable': none,
  'ad.renewal_closed': none,
  // scheduled bumps
  'bump_schedule.one_form': none,
  'bump_schedule.time_format': none,
  'bump_schedule.moment_format': none,
  'bump_schedule.too_many': { max: 'number' },
  'bump_schedule.repeated': none,
  'bump_schedule.time_zone': none,
  'bump_schedule.too_close': { minutes: 'number' },
  'bump_schedule.moment_past': none,
  'bump_schedule.moment_too_far': { days: 'number' },
  'bump_schedule.nothing_left': none,
  // uploads and photo review
  'media.unsupported': none,
  'media.no_file': none,
  'media.not_multipart': none,
  'media.malformed_multipart': none,
  'media.photo_too_large': none,
  'media.video_too_large': none,
  'media.quota_exceeded': { max: 'number' },
  'media.video_unreadable': none,
  'media.photo_pixels': none,
  'media.photo_shape': none,
  'media.photo_too_slow': none,
  'media.photo_unreadable': none,
  'media.not_yours': { id: 'text' },
  'media.taken': { id: 'text' },
  'media.taken_meanwhile': none,
  'media.repeated': none,
  'media.photo_in_videos': { id: 'text' },
  'media.video_in_images': { id: 'text' },
  'photo.not_found': none,
  'photo.not_pending': none,
  // banned phrases
  'phrase.blank': none,
  'phrase.no_words': none,
  'phrase.duplicate': none,
  'phrase.not_found': none,
  // reports, holds and appeals
  'report.account_cap': { max: 'number' },
  'report.address_cap': { max: 'number' },
  'report.not_held': none,
  'report.already_appealed': none,
  'report.appeal_note_required': none,
  'report.cannot_hold': none,
  'report.removal_reason_required': none,
  'report.cannot_restore': none,
  'report.nothing_to_dismiss': none,
  'report.already_removed': none,
  'report.name_one_ad': none,
  'report.too_many_ads': { max: 'number' },
  // privacy rights
  'privacy.wrong_password': none,
  'privacy.account_gone': none,
  // wallet and payments
  'wallet.insufficient_balance': none,
  'wallet.idempotency_mismatch': none,
  'wallet.idempotency_invalid': none,
  'wallet.idempotency_empty': none,
  'wallet.idempotency_too_long': { max: 'number' },
  'wallet.idempotency_ascii': none,
  'wallet.min_topup': none,
  'wallet.max_topup': none,
  'wallet.amount_cents': none,
  'payment.not_confirmed': { status: 'text' },
  'payment.expired': { status: 'text' },
  'payment.invalid': { status: 'text' },
  'payment.charge_not_found': none,
  'payment.provider_unavailable': none,
  'payment.provider_refused': { reason: 'text' },
  'payment.provider_disabled': { provider: 'text' },
  'payment.webhook_signature': none,
  'payment.webhook_malformed': none,
  'payment.webhook_not_json': none,
  'payment.invoice_not_found': none,
  'payment.simulate_disabled': none,
  'payment.draft_too_large': { maxKb: 'number' },
  'payment.draft_too_deep': { max: 'number' },
  'payment.draft_bad_text': none,
  // verified advertisers
  'verification.code_mismatch': none,
  'verification.photo_required': none,
  'verification.pending': none,
  'verification.already_verified': none,
  'verification.not_found': none,
  'verification.decided': none,
  'verification.not_approved': none,
  'verification.reason_required': none,
  'verification.photo_kind': none,
  // one person, one account (docs/decisions/055-shared-contacts.md)
  'account.not_found': none,
  'account.reason_required': none,
  'account.already_suspended': none,
  'account.not_suspended': none,
  // legal holds (docs/decisions/057-legal-holds.md)
  'legal_hold.not_found': none,
  'legal_hold.reason_required': none,
  'legal_hold.released': none,
  // what a 2xx `message` says: worded by code like the refusals
  'auth.registered': none,
  'auth.verification_resent': none,
  'auth.reset_link_sent': none,
  'auth.password_reset': none,
  'auth.password_changed': none,
} as const satisfies Record<string, Readonly<Record<string, ParamKind>>>

export type ErrorCode = keyof typeof ERROR_CODES

type Declared<C extends ErrorCode> = (typeof ERROR_CODES)[C]

/** The parameters a code is answered with: numbers for 'number', strings otherwise. */
export type ErrorParams<C extends ErrorCode> = {
  readonly [K in keyof Declared<C>]: Declared<C>[K] extends 'number' ? number : string
}

/** The params argument of a call naming `code`: required when the code declares any, absent otherwise. */
export type ParamsArg<C extends ErrorCode> = keyof Declared<C> extends never ? [] : [ErrorParams<C>]

/** A code and its parameters, as an answer carries them. */
export interface CodedError {
  code: ErrorCode
  params?: Readonly<Record<string, string | number>>
}

/** The field keys a 'field' parameter may name; each catalog words them. */
export const ERROR_FIELDS = [
  'phone',
  'website',
  'handle',
  'title',
  'city',
  'description',
  'details',
  'reason',
  'note',
  'phrase',
  'email',
  // a search's query parameters, named as they are written in the URL
  'city_search',
  'q',
  'email_search',
] as const
export type ErrorField = (typeof ERROR_FIELDS)[number]

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value)
}

/**
 * The parameter names a code declares, in declaration order (the catalogs test, error-codes.test.ts).
 * @internal
 */
export function paramNames(code: ErrorCode): string[] {
  return Object.keys(ERROR_CODES[code])
}

export function coded<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): CodedError {
  const [values] = params as [Readonly<Record<string, string | number>>?]
  return values === undefined ? { code } : { code, params: values }
}

// A zod check can carry only a message: the message is the code, with its parameters as JSON after a
// space. The server's validation answer reads it back (readSays) and words it; no person reads it raw.
/** The message of a zod check that refuses with `code`. */
export function says<C extends ErrorCode>(code: C, ...params: ParamsArg<C>): string {
  const [values] = params as [Readonly<Record<string, string | number>>?]
  return values === undefined ? code : `${code} ${JSON.stringify(values)}`
}

/** The code and parameters `says` wrote into a zod message, or undefined for any other message. */
export function readSays(message: string): CodedError | undefined {
  const space = message.indexOf(' ')
  const code = space < 0 ? message : message.slice(0, space)
  if (!isErrorCode(code)) return undefined
  if (space < 0) return { code }
  try {
    const params: unknown = JSON.parse(message.slice(space + 1))
    if (typeof params !== 'object' || params === null) return undefined
    return { code, params: params as Record<string, string | number> }
  } catch {
    return undefined
  }
}

/**
 * A catalog of words: a template per code (`{name}` for a parameter), a name per field, and how one
 * refused field of a payload reads (`{field}` and `{words}`).
 */
export interface ErrorWords {
  codes: Readonly<Record<ErrorCode, string>>
  fields: Readonly<Record<ErrorField, string>>
  issue: string
}

/** One refused field of a payload: where (the path, dotted), and the code of what is wrong. */
export interface CodedIssue extends CodedError {
  field: string
}

/** The words of `code` in a catalog, its parameters filled in (a field parameter by its name there). */
export function wordError(words: ErrorWords, error: CodedError): string {
  const kinds: Readonly<Record<string, ParamKind>> = ERROR_CODES[error.code]
  return words.codes[error.code].replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = error.params?.[name]
    if (value === undefined) return whole
    if (kinds[name] === 'field') return words.fields[value as ErrorField] ?? String(value)
    return String(value)
  })
}

/** A refused payload's words: each field and what is wrong with it ("email: Enter a valid email; …"). */
export function wordIssues(words: ErrorWords, issues: readonly CodedIssue[]): string {
  const parts = issues.map((issue) =>
    words.issue.replace('{field}', issue.field).replace('{words}', wordError(words, issue)),
  )
  return [...new Set(parts)].join('; ')
}
