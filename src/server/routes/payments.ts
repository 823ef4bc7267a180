import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Routes under /api/payments. Filled in by the issue that owns this area.
const paymentsRoutes: FastifyPluginAsyncZod = async () => {}

export default paymentsRoutes
