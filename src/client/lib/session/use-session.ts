import { useAtomValue } from '#client/lib/state.ts'
import { adminTokenAtom, type Session, sessionAtom, sessionStore, signIn, signOut } from './session-store.ts'

export interface UseSession extends Session {
  signedIn: boolean
  signIn: typeof signIn
  signOut: typeof signOut
}

/** The current session for components; re-renders on sign-in and sign-out. */
export function useSession(): UseSession {
  const session = useAtomValue(sessionAtom, { store: sessionStore })
  return { ...session, signedIn: session.token !== '' && session.user !== null, signIn, signOut }
}

export function useAdminToken(): string {
  return useAtomValue(adminTokenAtom, { store: sessionStore })
}
