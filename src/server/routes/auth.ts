import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Routes under /api/auth. Filled in by the issue that owns this area.
const authRoutes: FastifyPluginAsyncZod = async () => {}

export default authRoutes
