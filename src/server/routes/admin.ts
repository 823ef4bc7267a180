import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Routes under /api/admin. Filled in by the issue that owns this area.
const adminRoutes: FastifyPluginAsyncZod = async () => {}

export default adminRoutes
