import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * Reads `application/x-www-form-urlencoded` bodies (an HTML form sent without JavaScript) into a plain
 * record of strings, for the routes of the plugin that registers it only: the API takes JSON.
 */
async function formBodies(app: FastifyInstance): Promise<void> {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
}

export default fp(formBodies, { name: 'form-bodies' })
