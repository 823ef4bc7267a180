// The API client: base = VITE_API_HOST + '/api', or just '/api' when no host is set;
// JSON in and out; `Authorization: Bearer` whenever a token exists; no timeout (a slow payment call must
// not be abandoned half way). Failures are thrown as ApiError carrying the HTTP status, the answer's
// error `code` and the text to show: the code worded from the app's catalogs, else the server's `detail`
// (docs/decisions/037-error-codes.md). Nothing here shows toasts or
// navigates: a 401 on a signed-in request is only announced to `onUnauthorized` listeners.
import type { z } from 'zod'
import { errorWords, loadErrorWords } from '#client/i18n/error-words.ts'
import { language, msg } from '#client/i18n/messages.ts'
import { getAdminToken, getAuthToken } from '#client/lib/session/session-store.ts'
import type { ErrorCode } from '#domain/api/error-codes.ts'
import { LOCALES } from '#domain/languages.ts'

export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    /** HTTP status; 0 when the request never got an answer (offline, DNS, CORS) */
    readonly status: number,
    /** human text for a toast: the code in the app's words, the server's detail, or a fallback */
    readonly detail: string,
    readonly body?: unknown,
  ) {
    super(detail)
  }

  /**
   * The answer's error code (src/domain/api/error-codes.ts), for a screen that acts on one refusal by
   * comparing it with that code. Not checked against the list of codes here: the list loads with the
   * error words (i18n/error-words.ts), not with the app (docs/decisions/040-react.md), and a code the
   * app does not know equals none it acts on.
   */
  get code(): ErrorCode | undefined {
    const code = (this.body as { code?: unknown } | undefined)?.code
    return typeof code === 'string' ? (code as ErrorCode) : undefined
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}

/** The detail to show for any error thrown while calling the API, or the caller's fallback. */
export function errorDetail(error: unknown, fallback: string): string {
  return isApiError(error) && error.detail ? error.detail : fallback
}

function apiBase(): string {
  const host = (import.meta.env.VITE_API_HOST as string | undefined)?.trim() ?? ''
  return `${host.replace(/\/+$/, '')}/api`
}

type Fetch = (url: string, init: RequestInit) => Promise<Response>

// The browser's fetch, except when the server renders a page: its data then comes from the API in the
// same process (src/client/entry-server.tsx), not over the network to itself.
let transport: Fetch = (url, init) => fetch(url, init)

export function setTransport(fetchImpl: Fetch): void {
  transport = fetchImpl
}

export type QueryValue = string | number | boolean | null | undefined

/** The full URL of an API path ('/meta/cities' → '/api/meta/cities'); empty query values are left out. */
export function apiUrl(path: string, query?: Record<string, QueryValue>): string {
  const url = `${apiBase()}${path.startsWith('/') ? path : `/${path}`}`
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value))
  }
  const search = params.toString()
  return search ? `${url}?${search}` : url
}

/**
 * Reads the human text out of an error body: `{detail: "…"}` (ours), FastAPI's `{detail: [{msg}]}`
 * validation list, `{message}` (framework defaults) or a bare string.
 */
export function extractDetail(body: unknown): string {
  if (typeof body === 'string') return body.trim().slice(0, 500)
  if (typeof body !== 'object' || body === null) return ''
  const record = body as Record<string, unknown>
  const detail = record.detail
  if (typeof detail === 'string') return detail
  if (Array.isArray(detail)) {
    return detail
      .map((item) => {
        if (typeof item === 'string') return item
        if (
          typeof item === 'object' &&
          item !== null &&
          typeof (item as { msg?: unknown }).msg === 'string'
        ) {
          return (item as { msg: string }).msg
        }
        return ''
      })
      .filter(Boolean)
      .join('; ')
  }
  if (typeof detail === 'object' && detail !== null) return extractDetail(detail)
  if (typeof record.message === 'string') return record.message
  return ''
}

type UnauthorizedListener = () => void
const unauthorizedListeners = new Set<UnauthorizedListener>()

/** Called when a request sent with the user's token gets 401 (token expired or revoked). */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener)
  return () => unauthorizedListeners.delete(listener)
}

export interface RequestOptions<T> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  query?: Record<string, QueryValue>
  /** sent as JSON; a FormData (a file upload) is sent as multipart */
  body?: unknown
  /** the same key on a retried payment lets the server answer once and never charge twice */
  idempotencyKey?: string
  /** whose token to send: the user's (default), the admin's, or none */
  auth?: 'user' | 'admin' | 'none'
  /** validates the answer; a mismatch is an error, not data the UI trusts */
  schema?: z.ZodType<T>
  signal?: AbortSignal
}

/** An answer's text as data: JSON when it says so (and parses), else the text; '' is no body. */
export function parseBodyText(text: string, contentType: string): unknown {
  if (!text) return undefined
  if (contentType.includes('json')) {
    try {
      return JSON.parse(text)
    } catch {
      return text
    }
  }
  return text
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  return parseBodyText(await response.text(), response.headers.get('content-type') ?? '')
}

type Auth = NonNullable<RequestOptions<unknown>['auth']>

/**
 * The headers every API call sends, and the token among them (the caller needs it to know whether a
 * 401 means the user's session ended). Shared with the upload (lib/media/upload-file.ts), which
 * needs XMLHttpRequest for its progress events.
 */
export function apiHeaders(auth: Auth): { headers: Record<string, string>; token: string } {
  // the server writes its `detail`s and messages in this language (English when it has no translation)
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': LOCALES[language()],
  }
  const token = auth === 'user' ? getAuthToken() : auth === 'admin' ? getAdminToken() : ''
  if (token) headers.Authorization = `Bearer ${token}`
  return { headers, token }
}

/** The error for a non-2xx answer; a 401 on a request sent with the user's token ends the session. */
export function failedAnswer(
  answer: { status: number; statusText: string; data: unknown },
  sent: { auth: Auth; token: string },
): ApiError {
  if (answer.status === 401 && sent.auth === 'user' && sent.token) {
    for (const listener of unauthorizedListeners) listener()
  }
  const fallback = `${msg.pwa.requestFailed} (${answer.status}${answer.statusText ? ` ${answer.statusText}` : ''})`
  const text = errorWords(answer.data, language()) ?? extractDetail(answer.data)
  return new ApiError(answer.status, text || fallback, answer.data)
}

/** The answer checked against its schema; a mismatch is an error, not data the UI trusts. */
export function parseAnswer<T>(status: number, data: unknown, schema: z.ZodType<T> | undefined): T {
  if (!schema) return data as T
  const parsed = schema.safeParse(data)
  if (!parsed.success) throw new ApiError(status, msg.pwa.unexpectedAnswer, data)
  return parsed.data
}

export async function request<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const { method = 'GET', query, body, idempotencyKey, auth = 'user', schema, signal } = options
  const { headers, token } = apiHeaders(auth)
  const multipart = body instanceof FormData
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json'
  if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey

  let response: Response
  try {
    response = await transport(apiUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? body : JSON.stringify(body),
      signal,
    })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, msg.pwa.networkError)
  }

  const data = await readBody(response)
  if (!response.ok) {
    await loadErrorWords(language())
    throw failedAnswer({ status: response.status, statusText: response.statusText, data }, { auth, token })
  }
  return parseAnswer(response.status, data, schema)
}

/**
 * A file the server gives only with a token (the data export, a held ad's photo), as a Blob. `url` is
 * a full URL (apiUrl(...) for the API, a media URL as the server wrote it); errors as request()'s.
 */
export async function fetchBlob(url: string, auth: Auth, signal?: AbortSignal): Promise<Blob> {
  const { headers, token } = apiHeaders(auth)
  let response: Response
  try {
    response = await transport(url, { method: 'GET', headers, signal })
  } catch (error) {
    if (signal?.aborted) throw error
    throw new ApiError(0, msg.pwa.networkError)
  }
  if (!response.ok) {
    const data = await readBody(response)
    await loadErrorWords(language())
    throw failedAnswer({ status: response.status, statusText: response.statusText, data }, { auth, token })
  }
  return response.blob()
}

type NoMethod<T> = Omit<RequestOptions<T>, 'method' | 'body'>

export const http = {
  get: <T = unknown>(path: string, options?: NoMethod<T>) => request<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: NoMethod<T>) =>
    request<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: NoMethod<T>) =>
    request<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: NoMethod<T>) =>
    request<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: NoMethod<T>) =>
    request<T>(path, { ...options, method: 'DELETE' }),
}
