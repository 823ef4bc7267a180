import { act, cleanup, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { STORAGE_KEYS } from '#domain/constants.ts'

// the store reads localStorage when the module loads, as the app does at start: a fresh import per test
async function loadSession() {
  vi.resetModules()
  const store = await import('./session-store.ts')
  const hooks = await import('./use-session.ts')
  return { ...store, ...hooks }
}

const user = { email: 'ana@example.ca', id: 'u1' }

describe('session store', () => {
  beforeEach(() => localStorage.clear())
  afterEach(cleanup)

  it('starts signed in from a stored token and user', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1')
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user))
    const s = await loadSession()
    expect(s.getSession()).toEqual({ token: 'tok-1', user })
    expect(s.isSignedIn()).toBe(true)
    expect(s.getAuthToken()).toBe('tok-1')
  })

  it('starts signed out with empty storage', async () => {
    const s = await loadSession()
    expect(s.getSession()).toEqual({ token: '', user: null })
    expect(s.isSignedIn()).toBe(false)
  })

  it('treats a stored user that is not JSON as no user, and the token as signed out', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1')
    localStorage.setItem(STORAGE_KEYS.authUser, '{not json')
    const s = await loadSession()
    expect(s.getSession()).toEqual({ token: '', user: null })
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull()
  })

  it.each([
    ['a string', '"ana"'],
    ['null', 'null'],
    ['an array', '[1,2]'],
    ['a user without an email', '{"id":"u1"}'],
    ['a user with a numeric email', '{"email":42}'],
  ])('treats a stored user that is %s as signed out', async (_label, raw) => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1')
    localStorage.setItem(STORAGE_KEYS.authUser, raw)
    const s = await loadSession()
    expect(s.isSignedIn()).toBe(false)
    expect(s.getAuthToken()).toBe('')
  })

  it('treats a user without a token as signed out', async () => {
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user))
    const s = await loadSession()
    expect(s.getSession()).toEqual({ token: '', user: null })
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull()
  })

  it('removes keys stored empty, and a token whose user was lost, at start', async () => {
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-1')
    localStorage.setItem(STORAGE_KEYS.authUser, '')
    localStorage.setItem(STORAGE_KEYS.adminToken, '')
    const s = await loadSession()
    expect(s.isSignedIn()).toBe(false)
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull()
    expect(s.getAdminToken()).toBe('')
  })

  it('mirrors sign-in to localStorage and removes both keys on sign-out', async () => {
    const s = await loadSession()
    s.signIn('tok-2', user)
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-2')
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.authUser) ?? 'null')).toEqual(user)
    s.signOut()
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBeNull()
    expect(localStorage.getItem(STORAGE_KEYS.authUser)).toBeNull()
    expect(s.isSignedIn()).toBe(false)
  })

  it('keeps the admin token in its own key, removed when cleared', async () => {
    localStorage.setItem(STORAGE_KEYS.adminToken, 'adm-1')
    const s = await loadSession()
    expect(s.getAdminToken()).toBe('adm-1')
    s.setAdminToken('adm-2')
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBe('adm-2')
    s.clearAdminToken()
    expect(localStorage.getItem(STORAGE_KEYS.adminToken)).toBeNull()
  })

  it('follows another tab signing in and out', async () => {
    const s = await loadSession()
    localStorage.setItem(STORAGE_KEYS.authToken, 'tok-other')
    localStorage.setItem(STORAGE_KEYS.authUser, JSON.stringify(user))
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authUser }))
    expect(s.getSession()).toEqual({ token: 'tok-other', user })
    localStorage.removeItem(STORAGE_KEYS.authToken)
    localStorage.removeItem(STORAGE_KEYS.authUser)
    window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.authToken }))
    expect(s.isSignedIn()).toBe(false)
  })

  it('re-renders components using useSession on sign-in and sign-out', async () => {
    const s = await loadSession()
    const { result } = renderHook(() => s.useSession())
    expect(result.current.signedIn).toBe(false)
    act(() => s.signIn('tok-3', user))
    expect(result.current).toMatchObject({ signedIn: true, token: 'tok-3', user })
    act(() => s.signOut())
    expect(result.current).toMatchObject({ signedIn: false, token: '', user: null })
  })
})
