import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { UnsubscribedSchema, UnsubscribeQuerySchema } from '#domain/api/alerts.ts'
import { errorResponses } from '#domain/api/common.ts'
import { ApiError } from '#server/errors.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import formBodies from '#server/plugins/form-bodies.ts'
import { unsubscribe } from '#server/services/alerts/alerts.ts'

// /api/searches/unsubscribe: the one-click unsubscribe of an alert mail (RFC 8058,
// docs/decisions/054-alerts.md). No session: the signed token is the proof. GET too, as issue 41 asks,
// for a reader who opens the link from the mail's text.
const alertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', noStoreHook)
  // a mail client's one-click POST is a form: List-Unsubscribe=One-Click (RFC 8058 §3.2)
  await app.register(formBodies)
  const { db } = app.database
  const schema = {
    tags: ['saved searches'],
    summary: 'Turn a saved search’s e-mail alert off from the link in its mail (no sign-in)',
    querystring: UnsubscribeQuerySchema,
    response: { 200: UnsubscribedSchema, ...errorResponses },
  }
  const handler = async (request: { query: { token: string } }) => {
    if (!(await unsubscribe(db, app.reporterKeys, request.query.token)))
      throw new ApiError(404, 'search.not_found')
    return { unsubscribed: true as const }
  }
  app.get('/unsubscribe', { schema }, handler)
  app.post('/unsubscribe', { schema }, handler)
}

export default alertsRoutes
