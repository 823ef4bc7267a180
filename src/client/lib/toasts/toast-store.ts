// Toasts as the product describes them: one visible at a time (TOAST_LIMIT), a new one replaces
// the old, each auto-dismisses after TOAST_DURATION_MS and is removed TOAST_REMOVE_DELAY_MS later
// (the gap lets the closing animation play). The clock runs only while a <Toaster /> is on screen:
// a route guard's toast raised while a slow phone is still loading the page would otherwise be gone
// before anyone could read it. The store is its own jotai store so `toast()` can be
// called from anywhere (event handlers, mutations) without a hook or the app's Provider.

import type { ReactNode } from 'react'
import { atom, createStore } from '#client/lib/state.ts'

export const TOAST_REMOVE_DELAY_MS = 200

export const TOAST_DURATION_MS = 1_200

export const TOAST_LIMIT = 1

export type ToastVariant = 'default' | 'destructive'

export interface ToastInput {
  title?: ReactNode
  description?: ReactNode
  action?: ReactNode
  variant?: ToastVariant
}

export interface ToasterToast extends ToastInput {
  id: string
  /** false between dismissal and removal, while the toast animates out */
  open: boolean
}

export type ToastStore = ReturnType<typeof createStore>

export const toastsAtom = atom<ToasterToast[]>([])

export function createToaster(store: ToastStore = createStore()) {
  let count = 0
  let screens = 0
  const dismissTimers = new Map<string, ReturnType<typeof setTimeout>>()
  const removeTimers = new Map<string, ReturnType<typeof setTimeout>>()

  const clearTimers = (id: string) => {
    clearTimeout(dismissTimers.get(id))
    clearTimeout(removeTimers.get(id))
    dismissTimers.delete(id)
    removeTimers.delete(id)
  }

  const remove = (id: string) => {
    clearTimers(id)
    store.set(toastsAtom, (toasts) => toasts.filter((t) => t.id !== id))
  }

  const scheduleRemoval = (id: string) => {
    if (removeTimers.has(id)) return
    removeTimers.set(
      id,
      setTimeout(() => remove(id), TOAST_REMOVE_DELAY_MS),
    )
  }

  /** Closes one toast (or all without an id); it disappears from the list shortly after. */
  const dismiss = (id?: string) => {
    const ids = id ? [id] : store.get(toastsAtom).map((t) => t.id)
    for (const one of ids) {
      clearTimeout(dismissTimers.get(one))
      dismissTimers.delete(one)
      scheduleRemoval(one)
    }
    store.set(toastsAtom, (toasts) => toasts.map((t) => (ids.includes(t.id) ? { ...t, open: false } : t)))
  }

  const startClock = (id: string) => {
    if (dismissTimers.has(id)) return
    dismissTimers.set(
      id,
      setTimeout(() => dismiss(id), TOAST_DURATION_MS),
    )
  }

  /** A <Toaster /> calls this when it mounts, and what it returns when it unmounts. */
  const onScreen = () => {
    screens += 1
    for (const t of store.get(toastsAtom)) if (t.open) startClock(t.id)
    return () => {
      screens -= 1
    }
  }

  const toast = (input: ToastInput) => {
    count = (count + 1) % Number.MAX_SAFE_INTEGER
    const id = String(count)
    const next: ToasterToast = { variant: 'default', ...input, id, open: true }
    const kept = [next, ...store.get(toastsAtom)].slice(0, TOAST_LIMIT)
    // a replaced toast is gone at once: its timers must not fire into the new one's state
    for (const old of store.get(toastsAtom)) {
      if (!kept.some((t) => t.id === old.id)) clearTimers(old.id)
    }
    store.set(toastsAtom, kept)
    if (screens > 0) startClock(id)
    return {
      id,
      dismiss: () => dismiss(id),
      update: (patch: ToastInput) =>
        store.set(toastsAtom, (toasts) => toasts.map((t) => (t.id === id ? { ...t, ...patch } : t))),
    }
  }

  return { store, toast, dismiss, onScreen }
}

const appToaster = createToaster()

/** The app's toast store, read by <Toaster />. */
export const toastStore = appToaster.store
export const toast = appToaster.toast
export const dismissToast = appToaster.dismiss
export const toasterOnScreen = appToaster.onScreen
