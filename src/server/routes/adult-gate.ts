import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ADULT_COOKIE, ADULT_GATE_PATH, ADULT_GATE_RETURN_FIELD } from '#domain/adult-gate.ts'
import { refusal } from '#server/errors.ts'
import formBodies from '#server/plugins/form-bodies.ts'
import { sameOrigin } from '#server/services/pages/ad-actions.ts'
import { sameSitePath } from '#server/services/pages/adult-gate.ts'

/**
 * The 18+ gate's form, as a browser sends it without JavaScript: "I am 18 or older" sets the
 * long-lived consent cookie and comes back to the page it was on (303, so a reload does not send it
 * again). Only this site's own pages may send it (`Sec-Fetch-Site`). With JavaScript the page's inline script does the same without leaving the page
 * (docs/decisions/029-first-visit.md).
 */
const adultGateRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(formBodies)
  const secure = app.config.PUBLIC_URL.startsWith('https:')
  const cookie = [
    `${ADULT_COOKIE.name}=${ADULT_COOKIE.value}`,
    'Path=/',
    `Max-Age=${ADULT_COOKIE.maxAgeSeconds}`,
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ].join('; ')
  app.post(
    ADULT_GATE_PATH,
    {
      schema: {
        summary: 'Confirm being 18 or older (the 18+ gate without JavaScript)',
        tags: ['pages'],
        // a form's fields; any other or missing return path comes back home
        body: z.object({ [ADULT_GATE_RETURN_FIELD]: z.string().max(4096).optional() }),
      },
    },
    async (request, reply) => {
      // another site's form must not answer the question for the visitor (as ad-actions.ts refuses)
      if (!sameOrigin(request, app.config.PUBLIC_URL)) {
        return reply.code(403).header('cache-control', 'no-store').send(refusal('page.cross_site_form'))
      }
      return reply
        .header('set-cookie', cookie)
        .header('cache-control', 'no-store')
        .redirect(sameSitePath(request.body[ADULT_GATE_RETURN_FIELD]), 303)
    },
  )
}

export default adultGateRoutes
