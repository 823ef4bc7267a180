import { createRootRoute, createRoute, Outlet } from '@tanstack/react-router'
import { cleanup, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { resetDb } from '#client/db/database.ts'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { parseCheckoutDraft } from '#domain/post-draft.ts'
import { renderRoutes } from '#tests/support/client-render.tsx'
import { installFetchMock, json } from '#tests/support/fetch-mock.ts'
import { PostPage } from './post-page.tsx'

// the city suggestions ask for cities; the form works without them
const fetchMock = installFetchMock(async () => json(200, { items: [] }))
function lastToast() {
  return toastStore.get(toastsAtom)[0]
}
function checks() {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith('/moderation/check'))
}

function renderPost() {
  const root = createRootRoute({ component: Outlet })
  const post = createRoute({ getParentRoute: () => root, path: '/post', component: PostPage })
  const checkout = createRoute({
    getParentRoute: () => root,
    path: '/checkout',
    component: () => <p>checkout</p>,
  })
  return renderRoutes(root.addChildren([post, checkout]), '/post')
}

beforeEach(async () => {
  await resetDb({ deleteData: true })
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  toastStore.set(toastsAtom, [])
  await resetDb({ deleteData: true })
})

describe('the post form', () => {
  it('refuses to continue without a title and says Missing title', async () => {
    const user = userEvent.setup()
    renderPost()
    await user.click(await screen.findByRole('button', { name: 'Continue' }))
    expect(lastToast()).toMatchObject({ title: 'Missing title', description: 'Please add a title' })
    expect(screen.getByLabelText('Title')).toHaveProperty('ariaInvalid', 'true')
    expect(checks()).toHaveLength(0)
  })

  it('stops at a banned phrase, with the server deciding', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/moderation/check')
        ? json(200, { ok: false, matches: ['teen'], fields: { title: ['teen'], description: [] } })
        : json(200, { items: [] }),
    )
    const router = renderPost()
    await user.type(await screen.findByLabelText('Title'), 'Teen model')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Banned words detected',
        description: 'Please remove banned phrases before continuing.',
      }),
    )
    expect(JSON.parse(String(checks()[0]?.[1]?.body))).toEqual({ title: 'Teen model', description: '' })
    expect(router.state.location.pathname).toBe('/post')
    expect(sessionStorage.getItem(STORAGE_KEYS.checkoutDraft)).toBeNull()
    // the phrase is named on its field, and stays there after the toast has gone
    toastStore.set(toastsAtom, [])
    const title = screen.getByLabelText('Title')
    expect(title).toHaveProperty('ariaInvalid', 'true')
    expect(title.getAttribute('aria-describedby')).toContain('-error')
    expect(screen.getByRole('alert').textContent).toContain('“teen”')
    await user.type(title, 's')
    expect(title).not.toHaveProperty('ariaInvalid', 'true')
  })

  it('marks a field the API would refuse on the field, before any request', async () => {
    const user = userEvent.setup()
    renderPost()
    await user.type(await screen.findByLabelText('Title'), 'Lamp')
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByLabelText('Email')).toHaveProperty('ariaInvalid', 'true')
    expect(screen.getByText(/Enter an email address/)).toBeTruthy()
    expect(checks()).toHaveLength(0)
  })

  it('says Content check failed when the check cannot answer', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/moderation/check') ? json(500, { detail: 'boom' }) : json(200, { items: [] }),
    )
    const router = renderPost()
    await user.type(await screen.findByLabelText('Title'), 'Lamp')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() =>
      expect(lastToast()).toMatchObject({ title: 'Content check failed', description: 'Please try again.' }),
    )
    expect(router.state.location.pathname).toBe('/post')
  })

  it('hands a checked ad to checkout through sessionStorage', async () => {
    const user = userEvent.setup()
    fetchMock.mockImplementation(async (url) =>
      String(url).endsWith('/moderation/check')
        ? json(200, { ok: true, matches: [], fields: { title: [], description: [] } })
        : json(200, { items: [] }),
    )
    const router = renderPost()
    await user.type(await screen.findByLabelText('Title'), 'Brass lamp')
    await user.type(screen.getByLabelText('Price (CAD)'), '40')
    await user.type(screen.getByLabelText('Website'), 'lamps.ca')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.href).toBe('/checkout?type=post'))
    expect(parseCheckoutDraft(sessionStorage.getItem(STORAGE_KEYS.checkoutDraft))).toMatchObject({
      title: 'Brass lamp',
      price: 40,
      contact: { website: 'https://lamps.ca' },
      moderation: 'ok',
    })
  })

  it('offline, keeps the ad for checkout with the check still to run', async () => {
    const user = userEvent.setup()
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    const router = renderPost()
    await user.type(await screen.findByLabelText('Title'), 'Brass lamp')
    await user.click(screen.getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/checkout'))
    expect(checks()).toHaveLength(0)
    expect(parseCheckoutDraft(sessionStorage.getItem(STORAGE_KEYS.checkoutDraft))?.moderation).toBe('pending')
  })

  it('restores the autosaved draft when the page opens again', async () => {
    const user = userEvent.setup()
    renderPost()
    await user.type(await screen.findByLabelText('Title'), 'Saved lamp')
    await waitFor(() => expect(localStorage.getItem(STORAGE_KEYS.draft)).toContain('Saved lamp'), {
      timeout: 2000,
    })
    cleanup()
    renderPost()
    expect(await screen.findByDisplayValue('Saved lamp')).toBeTruthy()
  })
})
