import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toastStore, toastsAtom } from '#client/lib/toasts/toast-store.ts'
import { InstallButton } from './install-button.tsx'
import { UpdatePrompt } from './update-prompt.tsx'

afterEach(() => {
  cleanup()
  window.dispatchEvent(new Event('appinstalled'))
  toastStore.set(toastsAtom, [])
})

function fireInstallOffer(outcome: 'accepted' | 'dismissed' = 'accepted') {
  const event = new Event('beforeinstallprompt', { cancelable: true })
  const prompt = vi.fn(async () => undefined)
  Object.assign(event, { prompt, userChoice: Promise.resolve({ outcome }) })
  act(() => {
    window.dispatchEvent(event)
  })
  return { event, prompt }
}

describe('InstallButton', () => {
  it('stays hidden until the browser offers installation', () => {
    render(<InstallButton />)
    expect(screen.queryByRole('button', { name: /install app/i })).toBeNull()
  })

  it("appears when the browser offers installation, shows the browser's dialog once, then goes", async () => {
    render(<InstallButton />)
    const { event, prompt } = fireInstallOffer()
    // the browser's own mini-infobar is suppressed in favour of the button
    expect(event.defaultPrevented).toBe(true)
    const button = screen.getByRole('button', { name: /install app/i })
    await act(async () => {
      fireEvent.click(button)
    })
    expect(prompt).toHaveBeenCalledTimes(1)
    expect(screen.queryByRole('button', { name: /install app/i })).toBeNull()
  })

  it('goes away once the app is installed', () => {
    render(<InstallButton />)
    fireInstallOffer()
    expect(screen.getByRole('button', { name: /install app/i })).toBeTruthy()
    act(() => {
      window.dispatchEvent(new Event('appinstalled'))
    })
    expect(screen.queryByRole('button', { name: /install app/i })).toBeNull()
  })
})

describe('UpdatePrompt', () => {
  it('shows nothing while no update waits', () => {
    render(<UpdatePrompt needRefresh={false} onReload={() => {}} />)
    expect(screen.queryByRole('button')).toBeNull()
    expect(toastStore.get(toastsAtom)).toEqual([])
  })

  it("announces a waiting update with the toast 'A new version is available' and a Reload action", () => {
    const onReload = vi.fn()
    render(<UpdatePrompt needRefresh onReload={onReload} />)
    const [shown] = toastStore.get(toastsAtom)
    expect(shown?.title).toBe('A new version is available')
    render(shown?.action)
    fireEvent.click(screen.getByRole('button', { name: 'Reload' }))
    expect(onReload).toHaveBeenCalledTimes(1)
  })

  it('keeps a Reload button after the toast is gone, until the user takes the update', () => {
    const onReload = vi.fn()
    render(<UpdatePrompt needRefresh onReload={onReload} />)
    fireEvent.click(screen.getByRole('button', { name: /update ready: reload/i }))
    expect(onReload).toHaveBeenCalledTimes(1)
  })
})
