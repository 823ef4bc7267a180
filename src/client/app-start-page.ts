// The server's page while the app is not there yet (src/client/app-start.ts): where its own markup
// starts, and where an element is in it, as child indexes, so that a held click or typed text finds
// the same control again in the markup the app draws in its place.

/** Where the page's own markup starts. */
function contentRoot(): HTMLElement | null {
  return document.getElementById('root')
}

/** The page's markup while it is still the server's, or null once the app has taken it over. */
export function serverPage(): HTMLElement | null {
  return document.documentElement.dataset.app === 'ready' ? null : contentRoot()
}

// resource hints React may write inside a page's markup (<link rel="preload">) and move to <head> once
// it holds the page: they do not count in a path
const HOISTED = new Set(['LINK', 'META', 'STYLE', 'SCRIPT', 'TITLE'])

function contentChildren(parent: Element): Element[] {
  return Array.from(parent.children).filter((child) => !HOISTED.has(child.tagName))
}

export function pathFromRoot(root: Element, target: Element): number[] | null {
  const path: number[] = []
  for (let node: Element | null = target; node && node !== root; node = node.parentElement) {
    const parent: Element | null = node.parentElement
    if (!parent) return null
    path.unshift(contentChildren(parent).indexOf(node))
  }
  return path
}

/** The element at a path from pathFromRoot, in the page's markup as it is now. */
export function atPath(path: readonly number[]): Element | undefined {
  let node: Element | undefined = contentRoot() ?? undefined
  for (const index of path) node = node ? contentChildren(node)[index] : undefined
  return node
}
