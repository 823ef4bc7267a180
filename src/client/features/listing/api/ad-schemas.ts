// The ads' zod schemas (25 kB of gzipped validation code with zod) load with the first fetch that needs
// them, not with the page: a server-rendered listing or ad page shows, and answers clicks, without them.
export const adSchemas = () => import('#domain/api/ads.ts')
