import type { FastifyInstance } from 'fastify'

/**
 * Reads `application/x-www-form-urlencoded` bodies (an HTML form sent without JavaScript) into a plain
 * record of strings, for the routes registered in `app`'s scope only: the API takes JSON.
 */
export function acceptFormBodies(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
}
