// A catalog read through a proxy, so that one module-level `msg` can give each server render its own
// language (docs/decisions/030-page-cache-and-render.md). Screens keep aliases such as
// `const m = msg.listing` taken at load time; every node of the view is itself a view of the same path,
// so such an alias still reads the language of the render that reads it, not the one that loaded it.

type Node = Record<PropertyKey, unknown>

function at(root: object | undefined, path: readonly PropertyKey[]): Node | undefined {
  let node: unknown = root
  for (const key of path) {
    if (typeof node !== 'object' || node === null) return undefined
    node = (node as Node)[key]
  }
  return typeof node === 'object' && node !== null ? (node as Node) : undefined
}

function nodeView(fallback: Node, path: readonly PropertyKey[], source: () => object | undefined): Node {
  // one view per child, made on first read: aliases and repeated reads get the same object
  const children = new Map<PropertyKey, Node>()
  return new Proxy(fallback, {
    get(target, key) {
      const value = (at(source(), path) ?? target)[key]
      if (typeof value !== 'object' || value === null) return value
      let child = children.get(key)
      if (child === undefined) {
        const inFallback = target[key]
        // a node only the source has (it cannot happen between typed catalogs): read it as it is
        if (typeof inFallback !== 'object' || inFallback === null) return value
        child = nodeView(inFallback as Node, [...path, key], source)
        children.set(key, child)
      }
      return child
    },
  })
}

/**
 * `fallback` read through `source()`: every text comes from the catalog `source` returns at the moment
 * of the read, or from `fallback` (the live catalog the browser switches in place) when it returns
 * undefined. The catalogs share one shape (messages-type.ts), so a path of one is a path of the other.
 */
export function textsView<T extends object>(fallback: T, source: () => T | undefined): T {
  return nodeView(fallback as Node, [], source) as T
}
