import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'

export const DOCS_PREFIX = '/api/docs'

/**
 * OpenAPI built from the zod schemas of every route (UI at /api/docs, JSON at /api/docs/json).
 * Must be registered before the routes so it sees them being added.
 */
export async function registerDocs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Maple After Dark API',
        description: 'Errors are always `{ "detail": "…" }` with a fitting HTTP status.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: jsonSchemaTransform,
  })
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX })
}
