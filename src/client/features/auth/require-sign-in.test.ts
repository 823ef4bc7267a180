import { isRedirect } from '@tanstack/react-router'
import { afterEach, describe, expect, it } from 'vitest'
import { signIn, signOut } from '#client/lib/session/session-store.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { requireSignIn } from './require-sign-in.ts'

function thrown(fn: () => void): unknown {
  try {
    fn()
  } catch (error) {
    return error
  }
  return undefined
}

afterEach(() => {
  signOut()
  toastStore.set(toastsAtom, [])
})

describe('requireSignIn (route guard)', () => {
  it('lets a signed-in user through', () => {
    signIn('tok', { email: 'ana@example.ca' })
    expect(() => requireSignIn({ location: { href: '/wallet' } })).not.toThrow()
  })

  it("sends a signed-out visitor to /login with a 'Sign in required' toast and the way back", () => {
    const error = thrown(() => requireSignIn({ location: { href: '/checkout?type=post&adId=a1' } }))
    expect(isRedirect(error)).toBe(true)
    expect((error as { options: unknown }).options).toMatchObject({
      to: '/login',
      search: { redirect: '/checkout?type=post&adId=a1', reason: 'required' },
    })
    expect(toastStore.get(toastsAtom)[0]).toMatchObject({ title: 'Sign in required', variant: 'destructive' })
  })

  it('redirects a hover preload without telling the user anything', () => {
    const error = thrown(() => requireSignIn({ location: { href: '/wallet' }, preload: true }))
    expect(isRedirect(error)).toBe(true)
    expect(toastStore.get(toastsAtom)).toEqual([])
  })
})
