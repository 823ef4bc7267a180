import { afterEach, describe, expect, it, vi } from 'vitest'
import { z } from 'zod'
import { clearAdminToken, setAdminToken, signIn, signOut } from '#client/lib/session/session-store.ts'
import { installFetchMock } from '#tests/support/fetch-mock.ts'
import { ApiError, apiUrl, errorDetail, extractDetail, http, onUnauthorized, request } from './http.ts'

// fetch is the browser boundary: each test answers it and inspects what the client sent
type Answer = { status?: number; body?: unknown; statusText?: string; contentType?: string }
function answer({ status = 200, body, statusText = '', contentType = 'application/json' }: Answer) {
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body)
  return new Response(status === 204 ? null : text, {
    status,
    statusText,
    headers: { 'content-type': contentType },
  })
}
const fetchMock = installFetchMock()
function lastCall() {
  const call = fetchMock.mock.calls.at(-1)
  if (!call) throw new Error('fetch was not called')
  const [url, init] = call
  return { url: String(url), init: init ?? {}, headers: (init?.headers ?? {}) as Record<string, string> }
}

afterEach(() => {
  vi.unstubAllEnvs()
  signOut()
  clearAdminToken()
})

describe('API base and URLs', () => {
  it('uses /api when no host is configured', () => {
    vi.stubEnv('VITE_API_HOST', '')
    expect(apiUrl('/meta/cities')).toBe('/api/meta/cities')
    expect(apiUrl('/')).toBe('/api/')
  })

  it('puts the configured host before /api, without a doubled slash', () => {
    vi.stubEnv('VITE_API_HOST', 'https://api.example.ca/')
    expect(apiUrl('/wallet/')).toBe('https://api.example.ca/api/wallet/')
  })

  it('leaves out empty query values', () => {
    vi.stubEnv('VITE_API_HOST', '')
    expect(apiUrl('/meta/cities', { province: 'ON', q: '', limit: 1000, x: undefined })).toBe(
      '/api/meta/cities?province=ON&limit=1000',
    )
  })
})

describe('requests', () => {
  it('sends JSON and returns the parsed answer', async () => {
    fetchMock.mockImplementation(async () => answer({ body: { ok: true } }))
    await expect(http.post('/moderation/check', { title: 'Hi', description: '' })).resolves.toEqual({
      ok: true,
    })
    const { url, init, headers } = lastCall()
    expect(url).toBe('/api/moderation/check')
    expect(init.method).toBe('POST')
    expect(headers['Content-Type']).toBe('application/json')
    expect(JSON.parse(String(init.body))).toEqual({ title: 'Hi', description: '' })
  })

  it('sends no Content-Type and no body on a bodiless POST (a JSON server refuses an empty JSON body)', async () => {
    fetchMock.mockImplementation(async () => answer({ status: 204 }))
    await expect(http.post('/auth/logout')).resolves.toBeUndefined()
    const { init, headers } = lastCall()
    expect(init.body).toBeUndefined()
    expect(headers['Content-Type']).toBeUndefined()
  })

  it('sends no Authorization header when signed out', async () => {
    fetchMock.mockImplementation(async () => answer({ body: {} }))
    await http.get('/')
    expect(lastCall().headers.Authorization).toBeUndefined()
  })

  it('sends the session token as a bearer token when signed in', async () => {
    signIn('tok-123', { email: 'ana@example.ca' })
    fetchMock.mockImplementation(async () => answer({ body: { balance_cad: 0, transactions: [] } }))
    await http.get('/wallet/')
    expect(lastCall().headers.Authorization).toBe('Bearer tok-123')
  })

  it("sends the admin token for admin calls, never the user's", async () => {
    signIn('tok-user', { email: 'ana@example.ca' })
    setAdminToken('tok-admin')
    fetchMock.mockImplementation(async () => answer({ body: {} }))
    await http.post('/admin/purge', undefined, { auth: 'admin' })
    expect(lastCall().headers.Authorization).toBe('Bearer tok-admin')
    await http.get('/moderation/banned-words', { auth: 'none' })
    expect(lastCall().headers.Authorization).toBeUndefined()
  })

  it('sends an Idempotency-Key when given one', async () => {
    fetchMock.mockImplementation(async () => answer({ body: {} }))
    await http.post('/wallet/pay', { type: 'post' }, { idempotencyKey: 'k-1' })
    expect(lastCall().headers['Idempotency-Key']).toBe('k-1')
  })

  it('validates the answer with a schema when given one', async () => {
    fetchMock.mockImplementation(async () => answer({ body: { items: [{ name: 'Toronto' }] } }))
    const schema = z.object({ items: z.array(z.object({ name: z.string() })) })
    await expect(request('/meta/cities', { schema })).resolves.toEqual({ items: [{ name: 'Toronto' }] })
    fetchMock.mockImplementation(async () => answer({ body: { items: 'nope' } }))
    await expect(request('/meta/cities', { schema })).rejects.toMatchObject({
      status: 200,
      detail: 'Unexpected answer from the server',
    })
  })
})

describe('errors', () => {
  it("throws ApiError with the status and the server's detail", async () => {
    fetchMock.mockImplementation(async () =>
      answer({ status: 402, body: { detail: 'Insufficient balance' } }),
    )
    const error = await http.post('/wallet/pay', { type: 'post' }).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({
      status: 402,
      detail: 'Insufficient balance',
      message: 'Insufficient balance',
    })
  })

  it("words a coded answer from the app's catalog in the active language, the server's detail aside", async () => {
    fetchMock.mockResolvedValue(
      answer({ status: 402, body: { detail: 'Solde insuffisant', code: 'wallet.insufficient_balance' } }),
    )
    const error = await http.post('/wallet/pay', { type: 'post' }).catch((e: unknown) => e)
    expect(error).toMatchObject({
      status: 402,
      detail: 'Insufficient balance',
      code: 'wallet.insufficient_balance',
    })
  })

  it('words each refused field of a coded validation answer, and words an unknown code by the detail sent', async () => {
    fetchMock.mockResolvedValueOnce(
      answer({
        status: 400,
        body: {
          detail: 'email : Entrez une adresse courriel valide',
          code: 'request.invalid',
          issues: [{ field: 'email', code: 'auth.email_invalid' }],
        },
      }),
    )
    const invalid = await http.post('/auth/register', {}).catch((e: unknown) => e)
    expect(invalid).toMatchObject({ detail: 'email: Enter a valid email', code: 'request.invalid' })
    fetchMock.mockResolvedValueOnce(
      answer({ status: 409, body: { detail: 'Something new', code: 'x.unknown' } }),
    )
    const unknown = await http.post('/x', {}).catch((e: unknown) => e)
    expect(unknown).toMatchObject({ detail: 'Something new', code: 'x.unknown' })
  })

  it('reads a FastAPI-style validation list, a framework message and a bare text body', async () => {
    fetchMock.mockResolvedValue(
      answer({
        status: 422,
        body: { detail: [{ loc: ['body', 'email'], msg: 'field required' }, { msg: 'bad' }] },
      }),
    )
    await expect(http.post('/auth/login', {})).rejects.toMatchObject({ detail: 'field required; bad' })
    fetchMock.mockImplementation(async () =>
      answer({ status: 400, body: { statusCode: 400, message: 'body must be object' } }),
    )
    await expect(http.post('/auth/login', {})).rejects.toMatchObject({ detail: 'body must be object' })
    fetchMock.mockImplementation(async () =>
      answer({ status: 502, body: 'Bad gateway', contentType: 'text/plain' }),
    )
    await expect(http.get('/')).rejects.toMatchObject({ status: 502, detail: 'Bad gateway' })
  })

  it('falls back to the status when the body has no detail', async () => {
    fetchMock.mockImplementation(async () => answer({ status: 500, statusText: 'Internal Server Error' }))
    await expect(http.get('/wallet/')).rejects.toMatchObject({
      status: 500,
      detail: 'Request failed (500 Internal Server Error)',
    })
    fetchMock.mockImplementation(async () => answer({ status: 503, body: { other: 1 } }))
    await expect(http.get('/wallet/')).rejects.toMatchObject({ detail: 'Request failed (503)' })
  })

  it('turns a request that never got an answer into status 0 with a plain message', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'))
    await expect(http.get('/')).rejects.toMatchObject({
      status: 0,
      detail: 'Could not reach the server. Check your connection and try again.',
    })
  })

  it('gives the caller its own fallback text for errors without a detail', () => {
    expect(errorDetail(new ApiError(400, 'Email not verified'), 'Try again')).toBe('Email not verified')
    expect(errorDetail(new Error('boom'), 'Try again')).toBe('Try again')
    expect(extractDetail(null)).toBe('')
  })

  it('announces a 401 on a signed-in request, and not on a signed-out one', async () => {
    const listener = vi.fn()
    const stop = onUnauthorized(listener)
    fetchMock.mockImplementation(async () =>
      answer({ status: 401, body: { detail: 'Invalid or expired token' } }),
    )
    await expect(http.post('/auth/login', {})).rejects.toMatchObject({ status: 401 })
    expect(listener).not.toHaveBeenCalled()
    signIn('tok-old', { email: 'ana@example.ca' })
    await expect(http.get('/wallet/')).rejects.toMatchObject({
      status: 401,
      detail: 'Invalid or expired token',
    })
    expect(listener).toHaveBeenCalledTimes(1)
    stop()
  })

  it("does not take a 401 on an admin call for the end of the user's session", async () => {
    const listener = vi.fn()
    const stop = onUnauthorized(listener)
    signIn('tok-user', { email: 'ana@example.ca' })
    setAdminToken('adm-old')
    fetchMock.mockImplementation(async () =>
      answer({ status: 401, body: { detail: 'Invalid or expired token' } }),
    )
    await expect(http.post('/admin/purge', undefined, { auth: 'admin' })).rejects.toMatchObject({
      status: 401,
    })
    expect(listener).not.toHaveBeenCalled()
    stop()
  })
})
