import { describe, expect, it } from 'vitest'
import { ApiError } from '#client/lib/http.ts'
import {
  parseLoginSearch,
  parseTokenSearch,
  safeRedirect,
  validateCredentials,
  validateNewPassword,
} from './auth-forms.ts'
import { loginFailureToast } from './login-failure.ts'

describe('login and register fields', () => {
  it('needs an email and a password', () => {
    expect(validateCredentials('', '')).toEqual({
      email: 'Email is required',
      password: 'Password is required',
    })
    expect(validateCredentials('   ', 'secret')).toEqual({ email: 'Email is required' })
    expect(validateCredentials('ana@example.ca', 'x')).toEqual({})
  })
})

describe('new password', () => {
  it('needs at least 6 characters, then both fields equal', () => {
    expect(validateNewPassword('12345', '12345')).toBe('tooShort')
    expect(validateNewPassword('123456', '1234567')).toBe('mismatch')
    expect(validateNewPassword('123456', '123456')).toBeNull()
  })

  it('checks the length before the match, as the user fixes the first field first', () => {
    expect(validateNewPassword('abc', 'xyz')).toBe('tooShort')
  })
})

describe('login refusal toast', () => {
  it("turns the server's 'Email not verified' refusal into 'Email Not Verified', whatever its language", () => {
    const body = { detail: 'Courriel non vérifié.', code: 'auth.email_not_verified' }
    expect(loginFailureToast(new ApiError(403, body.detail, body))).toEqual({
      title: 'Email Not Verified',
      description: 'Please verify your email first. Check your inbox for the verification link.',
    })
  })

  it("shows any other detail under 'Login failed', or 'Try again' without one", () => {
    expect(loginFailureToast(new ApiError(401, 'Invalid email or password'))).toEqual({
      title: 'Login failed',
      description: 'Invalid email or password',
    })
    expect(loginFailureToast(new ApiError(401, ''))).toEqual({
      title: 'Login failed',
      description: 'Try again',
    })
  })
})

describe('return path after signing in', () => {
  it('keeps a path inside the app with its query', () => {
    expect(safeRedirect('/wallet')).toBe('/wallet')
    expect(safeRedirect('/checkout?type=post&adId=a1')).toBe('/checkout?type=post&adId=a1')
  })

  it('refuses other sites, protocol-relative and backslash tricks', () => {
    for (const bad of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'wallet',
      '',
      undefined,
    ]) {
      expect(safeRedirect(bad)).toBeUndefined()
    }
  })

  it('never returns to an account screen', () => {
    expect(safeRedirect('/login?redirect=/wallet')).toBeUndefined()
    expect(safeRedirect('/reset-password?token=abc')).toBeUndefined()
  })
})

describe('search params', () => {
  it('reads redirect and reason from /login, dropping unknown or unsafe values', () => {
    expect(parseLoginSearch({ redirect: '/manage', reason: 'expired' })).toEqual({
      redirect: '/manage',
      reason: 'expired',
    })
    expect(parseLoginSearch({ redirect: '//evil.example', reason: 'other' })).toEqual({})
    expect(parseLoginSearch({ redirect: 42 })).toEqual({})
  })

  it('reads a token, trimmed; a missing or empty one reads as none', () => {
    expect(parseTokenSearch({ token: ' abc ' })).toEqual({ token: 'abc' })
    // the router reads search values as text (lib/search-schema.ts): digits stay text
    expect(parseTokenSearch({ token: '12345' })).toEqual({ token: '12345' })
    expect(parseTokenSearch({ token: '' }).token).toBeUndefined()
    expect(parseTokenSearch({}).token).toBeUndefined()
    expect(parseTokenSearch({ token: { a: 1 } }).token).toBeUndefined()
  })
})
