// The ads' zod schemas (25 kB of gzipped validation code with zod) load with the first fetch that needs
// them, not with the page: a server-rendered listing or ad page shows, and answers clicks, without them.
export const adSchemas = () => import('#domain/api/ads.ts')

/**
 * The server rendered this data a moment ago (src/client/entry-server.tsx): asking again as the page
 * mounts would only repeat it. Older copies (saved for offline, an earlier visit) are asked again.
 */
const JUST_RENDERED_MS = 10_000

export function olderThanTheServerRender(query: { state: { dataUpdatedAt: number } }): boolean {
  return Date.now() - query.state.dataUpdatedAt > JUST_RENDERED_MS
}
