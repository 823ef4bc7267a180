import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import { act, cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { http } from '#client/lib/http.ts'
import { getSession, signIn, signOut } from '#client/lib/session/session-store.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { renderRoutes } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { parseLoginSearch } from '../auth-forms.ts'
import { useSessionExpiry } from '../use-session-expiry.ts'
import { LoginPage } from './login-page.tsx'

// The login screen in a small in-memory router, against a stubbed fetch (the browser boundary).

const fetchMock = installFetchMock()

function renderApp(path: string) {
  const root = createRootRoute({
    component: function Root() {
      useSessionExpiry()
      return <Outlet />
    },
  })
  const login = createRoute({
    getParentRoute: () => root,
    path: '/login',
    validateSearch: parseLoginSearch,
    component: function Login() {
      const { redirect, reason } = login.useSearch()
      return <LoginPage redirect={redirect} reason={reason} />
    },
  })
  const page = (p: string, text: string) =>
    createRoute({ getParentRoute: () => root, path: p, component: () => <p>{text}</p> })
  return renderRoutes(
    root.addChildren([
      login,
      page('/', 'Home page'),
      page('/wallet', 'Wallet page'),
      page('/register', 'Register page'),
      page('/forgot-password', 'Forgot page'),
    ]),
    path,
  )
}

function lastToast() {
  return toastStore.get(toastsAtom)[0]
}

beforeEach(() => {
  // jsdom has no scrolling; the router restores scroll on navigation
  vi.stubGlobal('scrollTo', () => {})
})
afterEach(() => {
  cleanup()
  signOut()
  toastStore.set(toastsAtom, [])
})

describe('login page', () => {
  it('signs in, keeps the session in localStorage and returns to the page that sent the user', async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValue(json(200, { token: 'tok-1', user: { id: 'u1', email: 'ana@example.ca' } }))
    const router = renderApp('/login?redirect=%2Fwallet')
    await user.type(await screen.findByLabelText('Email'), 'ana@example.ca')
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}')

    expect(await screen.findByText('Wallet page')).toBeTruthy()
    expect(router.state.location.pathname).toBe('/wallet')
    expect(getSession()).toEqual({ token: 'tok-1', user: { id: 'u1', email: 'ana@example.ca' } })
    expect(localStorage.getItem(STORAGE_KEYS.authToken)).toBe('tok-1')
    expect(lastToast()?.title).toBe('Signed in successfully!')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(String(url)).toBe('/api/auth/login')
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'ana@example.ca', password: 'secret1' })
  })

  it('announces missing fields, focuses the first one and sends nothing', async () => {
    const user = userEvent.setup()
    renderApp('/login')
    await user.click(await screen.findByRole('button', { name: 'Sign in' }))
    const email = screen.getByLabelText('Email')
    expect(document.activeElement).toBe(email)
    expect(email.getAttribute('aria-invalid')).toBe('true')
    expect(screen.getByText('Email is required').getAttribute('role')).toBe('alert')
    expect(email.getAttribute('aria-describedby')).toContain(screen.getByText('Email is required').id)
    expect(screen.getByText('Password is required')).toBeTruthy()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows 'Email Not Verified' for an unverified account and resends the link to the typed address", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(
      json(403, {
        detail: 'Email not verified. Please check your inbox for the verification link.',
        code: 'auth.email_not_verified',
      }),
    )
    renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'new@example.ca')
    await user.type(screen.getByLabelText('Password'), 'secret1{Enter}')

    const resend = await screen.findByRole('button', { name: 'Resend verification email' })
    expect(lastToast()).toMatchObject({
      title: 'Email Not Verified',
      description: 'Please verify your email first. Check your inbox for the verification link.',
      variant: 'destructive',
    })
    expect(getSession().token).toBe('')

    fetchMock.mockResolvedValueOnce(json(200, { status: 'sent', message: 'A new link has been sent.' }))
    await user.click(resend)
    await waitFor(() => expect(lastToast()?.title).toBe('Verification Email Sent'))
    const [url, init] = fetchMock.mock.calls[1] ?? []
    expect(String(url)).toBe('/api/auth/resend-verification')
    expect(JSON.parse(String(init?.body))).toEqual({ email: 'new@example.ca' })
  })

  it("shows other refusals under 'Login failed' with the server's detail, or 'Try again'", async () => {
    const user = userEvent.setup()
    fetchMock.mockResolvedValueOnce(json(401, { detail: 'Invalid email or password' }))
    renderApp('/login')
    await user.type(await screen.findByLabelText('Email'), 'ana@example.ca')
    await user.type(screen.getByLabelText('Password'), 'wrong{Enter}')
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Login failed', description: 'Invalid email or password' }),
    )

    fetchMock.mockResolvedValueOnce(new Response('', { status: 500 }))
    await user.click(screen.getByRole('button', { name: 'Sign in' }))
    await waitFor(() => expect(lastToast()?.description).not.toBe('Invalid email or password'))
    expect(lastToast()?.title).toBe('Login failed')
  })
})

describe('session expiry', () => {
  it('signs out on a 401 to a signed-in request and sends the user to /login, coming back afterwards', async () => {
    signIn('tok-old', { email: 'ana@example.ca' })
    const router = renderApp('/wallet')
    await screen.findByText('Wallet page')
    fetchMock.mockResolvedValue(json(401, { detail: 'Invalid or expired token' }))
    await act(async () => {
      await http.get('/wallet/').catch(() => undefined)
    })
    await screen.findByText('Your session has ended. Please sign in again.')
    expect(getSession()).toEqual({ token: '', user: null })
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toEqual({ redirect: '/wallet', reason: 'expired' })
    expect(lastToast()?.title).toBe('Session expired')
  })
})
