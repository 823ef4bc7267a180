import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Routes under /api/meta. Filled in by the issue that owns this area.
const metaRoutes: FastifyPluginAsyncZod = async () => {}

export default metaRoutes
