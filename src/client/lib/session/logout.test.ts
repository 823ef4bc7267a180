import { afterEach, describe, expect, it, vi } from 'vitest'
import { onUnauthorized } from '#client/lib/http.ts'
import { getSession, isSignedIn, signIn, signOut } from '#client/lib/session/session-store.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { installFetchMock } from '#tests/support/fetch-mock.ts'
import { logout } from './logout.ts'

const fetchMock = installFetchMock()

afterEach(() => {
  signOut()
})

describe('logout', () => {
  it("revokes the token on the server with the session's bearer token and signs out", async () => {
    signIn('tok-1', { email: 'ana@example.ca' })
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
    await logout()
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(String(url)).toBe('/api/auth/logout')
    expect(init?.method).toBe('POST')
    expect((init?.headers as Record<string, string> | undefined)?.Authorization).toBe('Bearer tok-1')
    expect(isSignedIn()).toBe(false)
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull()
  })

  it("empties the service worker's photo cache, so private photos do not outlive the session", async () => {
    const deleted = vi.fn(async () => true)
    vi.stubGlobal('caches', { delete: deleted })
    try {
      signIn('tok-1', { email: 'ana@example.ca' })
      fetchMock.mockResolvedValue(new Response(null, { status: 204 }))
      await logout()
      expect(deleted).toHaveBeenCalledWith('ad-photos')
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it('signs out before the server answers, and stays signed out when the call fails', async () => {
    signIn('tok-1', { email: 'ana@example.ca' })
    let fail: (reason: unknown) => void = () => {}
    fetchMock.mockReturnValue(new Promise((_, reject) => (fail = reject)))
    const done = logout()
    expect(getSession()).toEqual({ token: '', user: null })
    fail(new TypeError('Failed to fetch'))
    await expect(done).resolves.toBeUndefined()
    expect(isSignedIn()).toBe(false)
  })

  it('is silent when the server refuses the token, and is not taken for an expired session', async () => {
    signIn('tok-old', { email: 'ana@example.ca' })
    // what the app's expiry listener checks: only a user still signed in is sent to /login
    const signedInWhenAnnounced: boolean[] = []
    const expired = vi.fn(() => {
      signedInWhenAnnounced.push(isSignedIn())
    })
    const stop = onUnauthorized(expired)
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ detail: 'Invalid or expired token' }), {
        status: 401,
        headers: { 'content-type': 'application/json' },
      }),
    )
    await expect(logout()).resolves.toBeUndefined()
    expect(isSignedIn()).toBe(false)
    expect(signedInWhenAnnounced).toEqual([false])
    stop()
  })

  it('sends nothing when already signed out', async () => {
    await logout()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
