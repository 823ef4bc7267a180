import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { ERROR_CODES, type ErrorCode } from '#domain/api/error-codes.ts'

export const DOCS_PREFIX = '/api/docs'

// The families of error codes (the part before the dot) a route may answer, by its OpenAPI tag; every
// route may also answer the framework's `request.*` codes. Kept per tag, not per route: a route's
// services decide its codes, and a list per route would go stale at the first new refusal.
const FAMILIES_BY_TAG: Readonly<Record<string, readonly string[]>> = {
  auth: ['auth', 'text'],
  account: ['auth', 'privacy', 'verification', 'media', 'text'],
  ads: ['ad', 'media', 'report', 'auth', 'text'],
  media: ['media', 'ad', 'auth', 'photo'],
  meta: ['ad'],
  moderation: ['phrase', 'auth', 'text'],
  payments: ['payment', 'wallet', 'ad', 'auth', 'text'],
  wallet: ['wallet', 'payment', 'ad', 'auth', 'text'],
  admin: ['auth', 'report', 'photo', 'verification', 'phrase', 'ad', 'payment', 'text'],
  pages: ['page', 'ad', 'report', 'text'],
  dev: ['ad', 'auth', 'text'],
}

const ALL_CODES = Object.keys(ERROR_CODES) as ErrorCode[]

/** The codes a route with these tags may answer, from the declarations in src/domain/api/error-codes.ts. */
export function errorCodesFor(tags: readonly string[]): ErrorCode[] {
  const families = new Set(['request', ...tags.flatMap((tag) => FAMILIES_BY_TAG[tag] ?? [])])
  return ALL_CODES.filter((code) => families.has(code.slice(0, code.indexOf('.'))))
}

type JsonObject = Record<string, unknown>

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// each 4xx answer's `code` lists what it may be: the document tells clients the codes to handle
function listErrorCodes(schema: JsonObject, codes: readonly ErrorCode[]): void {
  if (!isObject(schema.response)) return
  for (const [status, answer] of Object.entries(schema.response)) {
    if (!status.startsWith('4') || !isObject(answer) || !isObject(answer.properties)) continue
    const code = answer.properties.code
    if (!isObject(code)) continue
    answer.properties.code = {
      ...code,
      enum: codes,
      description: 'What was refused, stable across languages; `params` fill its words.',
    }
  }
}

/**
 * OpenAPI built from the zod schemas of every route (UI at /api/docs, JSON at /api/docs/json).
 * Must be registered before the routes so it sees them being added.
 */
async function docs(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Maple After Dark API',
        description:
          'Errors are `{ "detail": "…", "code": "…", "params": {…} }` with a fitting HTTP status: `detail` ' +
          'is worded in the Accept-Language asked for (en-CA or fr-CA), `code` names the refusal whatever ' +
          'the language, and each route lists the codes it may answer. A refused payload also carries ' +
          '`issues`, one `{ field, code, params }` per field.',
        version: '1.0.0',
      },
      components: {
        securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      },
    },
    transform: (input) => {
      const output = jsonSchemaTransform(input)
      // a route without a schema (a redirect, the docs themselves) has no tags
      const tags = (input.schema as { tags?: unknown } | undefined)?.tags
      const named = Array.isArray(tags) ? tags.map(String) : []
      if (isObject(output.schema)) listErrorCodes(output.schema, errorCodesFor(named))
      return output
    },
  })
  await app.register(swaggerUi, { routePrefix: DOCS_PREFIX })
}

export default fp(docs, { name: 'docs' })
