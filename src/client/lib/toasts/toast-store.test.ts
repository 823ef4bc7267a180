import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createToaster as createStore,
  TOAST_DURATION_MS,
  TOAST_REMOVE_DELAY_MS,
  toastsAtom,
} from './toast-store.ts'

/** A toaster with a <Toaster /> on screen, as in the running app. */
function createToaster() {
  const toaster = createStore()
  toaster.onScreen()
  return toaster
}

describe('toast store', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('shows a new toast open with the default variant', () => {
    const { store, toast } = createToaster()
    toast({ title: 'Saved', description: 'All good' })
    expect(store.get(toastsAtom)).toEqual([
      expect.objectContaining({ title: 'Saved', description: 'All good', variant: 'default', open: true }),
    ])
  })

  it('keeps only one toast: a new one replaces the old', () => {
    const { store, toast } = createToaster()
    toast({ title: 'First' })
    toast({ title: 'Second', variant: 'destructive' })
    const toasts = store.get(toastsAtom)
    expect(toasts).toHaveLength(1)
    expect(toasts[0]).toMatchObject({ title: 'Second', variant: 'destructive', open: true })
  })

  it('dismisses a toast after 1200 ms and removes it 200 ms later', () => {
    const { store, toast } = createToaster()
    toast({ title: 'Hello' })
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(store.get(toastsAtom)[0]?.open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(store.get(toastsAtom)[0]?.open).toBe(false)
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1)
    expect(store.get(toastsAtom)).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(store.get(toastsAtom)).toHaveLength(0)
  })

  it('gives the replacing toast its full 1200 ms, unaffected by the replaced one', () => {
    const { store, toast } = createToaster()
    toast({ title: 'First' })
    vi.advanceTimersByTime(1000)
    toast({ title: 'Second' })
    vi.advanceTimersByTime(1000)
    expect(store.get(toastsAtom)).toEqual([expect.objectContaining({ title: 'Second', open: true })])
    vi.advanceTimersByTime(200)
    expect(store.get(toastsAtom)[0]?.open).toBe(false)
  })

  it('closes at once when dismissed by hand and is removed 200 ms later', () => {
    const { store, toast, dismiss } = createToaster()
    const { id } = toast({ title: 'Bye' })
    dismiss(id)
    expect(store.get(toastsAtom)[0]?.open).toBe(false)
    vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS)
    expect(store.get(toastsAtom)).toHaveLength(0)
  })

  it('holds the clock of a toast raised before any Toaster is on screen, then gives it its full 1200 ms', () => {
    const { store, toast, onScreen } = createStore()
    toast({ title: 'Sign in required' })
    vi.advanceTimersByTime(5_000)
    expect(store.get(toastsAtom)[0]?.open).toBe(true)
    onScreen()
    vi.advanceTimersByTime(TOAST_DURATION_MS - 1)
    expect(store.get(toastsAtom)[0]?.open).toBe(true)
    vi.advanceTimersByTime(1)
    expect(store.get(toastsAtom)[0]?.open).toBe(false)
  })
})
