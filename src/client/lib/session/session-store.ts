// The session: an auth token and the signed-in user, mirrored to
// localStorage under auth_token / auth_user so a reload keeps the user signed in. Read once at start;
// written back on every change; a key is removed when its value is empty. A stored user that does not
// parse counts as no user, and a token without a user counts as signed out (both keys are cleared):
// the UI must never show a half-signed-in state.
//
// The atoms live in their own store so plain modules (the HTTP client, route guards) can read and
// change the session without React or the app's Provider; components use the hooks in
// use-session.ts, which read this same store.
import { atom, createStore } from '#client/lib/state.ts'
import { forgetFetchedMedia } from '#client/pwa/media-cache.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'

/** The user object the login answer returns; only the email is shown, other fields are kept as is. */
export interface SessionUser {
  email: string
  [key: string]: unknown
}

// checked by hand rather than with zod: this module is on every page's first load, zod is not
function isSessionUser(value: unknown): value is SessionUser {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false
  const email: unknown = (value as { email?: unknown }).email
  return typeof email === 'string' && email.length > 0
}

export interface Session {
  token: string
  user: SessionUser | null
}

const SIGNED_OUT: Session = { token: '', user: null }

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage
  } catch {
    // some browsers throw on access when storage is disabled
    return null
  }
}

function readKey(key: string): string | null {
  try {
    return storage()?.getItem(key) ?? null
  } catch {
    return null
  }
}

function writeKey(key: string, value: string): void {
  try {
    const s = storage()
    if (!s) return
    if (value === '') s.removeItem(key)
    else s.setItem(key, value)
  } catch {
    // quota or disabled storage: the session still works for this page
  }
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const parsed: unknown = JSON.parse(raw)
    return isSessionUser(parsed) ? parsed : null
  } catch {
    return null
  }
}

/** Reads the stored session; anything inconsistent or corrupt reads as signed out. */
export function readStoredSession(): Session {
  const token = readKey(STORAGE_KEYS.authToken) ?? ''
  const user = parseUser(readKey(STORAGE_KEYS.authUser))
  if (!token || !user) return SIGNED_OUT
  return { token, user }
}

function writeStoredSession({ token, user }: Session): void {
  writeKey(STORAGE_KEYS.authToken, token)
  writeKey(STORAGE_KEYS.authUser, user ? JSON.stringify(user) : '')
}

export const sessionStore = createStore()

const initial = readStoredSession()
// a half or corrupt stored session is cleaned up at once, so the next start reads the same thing
writeStoredSession(initial)

export const sessionAtom = atom<Session>(initial)
export const adminTokenAtom = atom<string>(readKey(STORAGE_KEYS.adminToken) ?? '')

sessionStore.sub(sessionAtom, () => writeStoredSession(sessionStore.get(sessionAtom)))
sessionStore.sub(adminTokenAtom, () => writeKey(STORAGE_KEYS.adminToken, sessionStore.get(adminTokenAtom)))

// another tab signing in or out changes the keys: follow it, so no tab keeps using a revoked token
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === null || event.key === STORAGE_KEYS.authToken || event.key === STORAGE_KEYS.authUser) {
      const next = readStoredSession()
      const current = sessionStore.get(sessionAtom)
      if (next.token !== current.token || JSON.stringify(next.user) !== JSON.stringify(current.user)) {
        sessionStore.set(sessionAtom, next)
      }
    }
    if (event.key === null || event.key === STORAGE_KEYS.adminToken) {
      sessionStore.set(adminTokenAtom, readKey(STORAGE_KEYS.adminToken) ?? '')
    }
  })
}

export function getSession(): Session {
  return sessionStore.get(sessionAtom)
}

export function getAuthToken(): string {
  return sessionStore.get(sessionAtom).token
}

export function isSignedIn(): boolean {
  const { token, user } = getSession()
  return token !== '' && user !== null
}

/** Login success: the answer's token and user become the session. */
export function signIn(token: string, user: SessionUser): void {
  sessionStore.set(sessionAtom, { token, user })
}

export function signOut(): void {
  sessionStore.set(sessionAtom, SIGNED_OUT)
  void forgetFetchedMedia()
}

export function getAdminToken(): string {
  return sessionStore.get(adminTokenAtom)
}

export function setAdminToken(token: string): void {
  sessionStore.set(adminTokenAtom, token)
}

export function clearAdminToken(): void {
  sessionStore.set(adminTokenAtom, '')
  void forgetFetchedMedia()
}
