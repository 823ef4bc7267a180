import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Routes under /api/moderation. Filled in by the issue that owns this area.
const moderationRoutes: FastifyPluginAsyncZod = async () => {}

export default moderationRoutes
