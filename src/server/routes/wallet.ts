import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'

// Routes under /api/wallet. Filled in by the issue that owns this area.
const walletRoutes: FastifyPluginAsyncZod = async () => {}

export default walletRoutes
