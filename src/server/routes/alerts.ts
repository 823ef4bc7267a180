import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { UnsubscribedSchema, UnsubscribeQuerySchema } from '#domain/api/alerts.ts'
import { errorResponses } from '#domain/api/common.ts'
import { ApiError } from '#server/errors.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import formBodies from '#server/plugins/form-bodies.ts'
import { unsubscribedPage } from '#server/services/alerts/alert-mails.ts'
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
  const turnOff = async (token: string) => {
    const done = await unsubscribe(db, app.reporterKeys, token)
    if (!done) throw new ApiError(404, 'search.not_found')
    return done
  }
  // a reader who opened the link from the mail's text gets a page; anything else the JSON answer
  const pageSchema = {
    ...schema,
    response: { ...schema.response, 200: z.union([UnsubscribedSchema, z.string().describe('text/html')]) },
  }
  app.get('/unsubscribe', { schema: pageSchema }, async (request, reply) => {
    const { language } = await turnOff(request.query.token)
    if (!String(request.headers.accept ?? '').includes('text/html')) return { unsubscribed: true as const }
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(unsubscribedPage(language))
  })
  app.post('/unsubscribe', { schema }, async (request) => {
    await turnOff(request.query.token)
    return { unsubscribed: true as const }
  })
}

export default alertsRoutes
