// Text typed, and the focus, before the app took over a server-drawn page (src/client/app-start.ts),
// given back to the app's own fields.
import { atPath, pathFromRoot, serverPage } from './app-start-page.ts'

// What was typed before the app took over, by field (child-index path from #root), and the field that
// had the focus: a hydrated field's state would not know the text already in it, so it is given back
// to the same fields once the app is there (the page's markup, which the app adopts).
const typed = new Map<string, string>()
let focused: number[] | null = null

function isTextField(node: unknown): node is HTMLInputElement | HTMLTextAreaElement {
  return (
    node instanceof HTMLTextAreaElement ||
    (node instanceof HTMLInputElement &&
      ['text', 'search', 'email', 'tel', 'url', 'number', 'password'].includes(node.type))
  )
}

/**
 * Puts text into a field behind the app's back and says so with an input event, so that React, which
 * watches the field's own value setter, calls onChange with it and the app's state holds it too.
 */
function setFieldText(field: HTMLInputElement | HTMLTextAreaElement, value: string): void {
  const prototype = Object.getPrototypeOf(field) as HTMLInputElement | HTMLTextAreaElement
  const setNative = Object.getOwnPropertyDescriptor(prototype, 'value')?.set
  field.value = ''
  setNative?.call(field, value)
  field.dispatchEvent(new Event('input', { bubbles: true }))
}

export function noteTyping(): void {
  // React adopting a field it holds empty may empty it between two keys (seen on a slow phone: the
  // first word lost, the next ones kept): a key that finds its field no longer holding what was typed
  // puts the typing back first, and lands after it
  document.addEventListener(
    'beforeinput',
    (event) => {
      const root = serverPage()
      if (!root || !isTextField(event.target)) return
      const path = pathFromRoot(root, event.target)
      const before = path ? typed.get(path.join('/')) : undefined
      if (before === undefined || event.target.value === before) return
      setFieldText(event.target, before)
      const end = before.length
      if (event.target.type !== 'number' && event.target.type !== 'email')
        event.target.setSelectionRange(end, end)
    },
    true,
  )
  document.addEventListener(
    'input',
    (event) => {
      const root = serverPage()
      if (!root || !isTextField(event.target)) return
      const path = pathFromRoot(root, event.target)
      if (path) typed.set(path.join('/'), event.target.value)
    },
    true,
  )
  document.addEventListener(
    'focusin',
    (event) => {
      const root = serverPage()
      if (!root || !(event.target instanceof Element)) return
      focused = root.contains(event.target) ? pathFromRoot(root, event.target) : null
    },
    true,
  )
}

/**
 * Puts text typed before the app took over back into its fields, as if typed now, and the focus. What
 * has no field yet (the app has not drawn it) is kept for the next call.
 */
export function giveBackTyping(): void {
  for (const [key, value] of typed) {
    const field = atPath(key.split('/').map(Number))
    if (!isTextField(field)) continue
    setFieldText(field, value)
    typed.delete(key)
  }
  const target = focused ? atPath(focused) : undefined
  if (!(target instanceof HTMLElement)) return
  focused = null
  if (document.activeElement !== target) {
    target.focus()
    if (isTextField(target) && target.type !== 'number' && target.type !== 'email') {
      target.setSelectionRange(target.value.length, target.value.length)
    }
  }
}
