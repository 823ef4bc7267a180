import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { AD_ACTION_FIELDS, AdActionPaths, type AdActionsMarkup } from '#domain/ad-actions.ts'
import { adPath } from '#domain/ad-path.ts'
import { AdRevealSchema, PublicAdSchema } from '#domain/api/ads.ts'
import { REPORT_REASONS, ReportResponseSchema } from '#domain/api/reports.ts'
import type { Language } from '#domain/languages.ts'
import { refusal } from '#server/errors.ts'
import formBodies from '#server/plugins/form-bodies.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import {
  challengeMarkup,
  contactMarkup,
  loadAdActionsBuild,
  RevealChallenges,
  replaceForm,
  reportFormMarkup,
  sameOrigin,
  sentence,
} from '#server/services/pages/ad-actions.ts'
import { pageLanguage } from '#server/services/pages/page-language.ts'
import { limitText, RATE_LIMITS } from './rate-limits.ts'

const Params = z.object({ id: z.string().min(1).max(64) })

/** A form's fields as a browser sends them; anything else is ignored, a missing one is a step back. */
const RevealBody = z.object({
  [AD_ACTION_FIELDS.code]: z.string().max(64).optional(),
  [AD_ACTION_FIELDS.challenge]: z.string().max(256).optional(),
})
const ReportBody = z.object({
  [AD_ACTION_FIELDS.reason]: z.string().max(64).optional(),
  [AD_ACTION_FIELDS.details]: z.string().max(4096).optional(),
})

type Answer = { status: number; body: string }

/**
 * Reveal and Report on an ad's server-rendered page without the app (docs/decisions/035-start-size.md):
 * each answers the ad's page with the next step where the form was. The contact and the report go
 * through the API's own routes (`app.inject` as this visitor's address), so their rules, rate limits
 * and holds are the API's, counted in the same buckets. With the app the same forms never reach here
 * (it takes their submit). Answers are never stored (`Cache-Control: no-store`): they carry a contact
 * or a one-off challenge.
 */
const adActionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const build = loadAdActionsBuild(app.config.STATIC_DIR)
  if (!build) return
  await app.register(formBodies)
  const challenges = new RevealChallenges(app.config.PAGE_FORM_SECRET)

  /** The visitor's language, as their pages are rendered in it (the switch's cookie, Accept-Language). */
  const languageOf = (request: FastifyRequest): Language =>
    pageLanguage(request, new URL(request.url, 'http://page'))

  /** The API's answer to this visitor, as if asked from their own address. */
  async function api(request: FastifyRequest, method: 'GET' | 'POST', url: string, payload?: object) {
    const answer = await app.inject({
      method,
      url,
      remoteAddress: request.ip,
      headers: {
        ...(payload ? { 'content-type': 'application/json' } : {}),
        ...(request.headers['accept-language']
          ? { 'accept-language': request.headers['accept-language'] }
          : {}),
      },
      ...(payload ? { payload: JSON.stringify(payload) } : {}),
    })
    return { status: answer.statusCode, json: (): unknown => answer.json() }
  }

  /** The ad's page as this visitor gets it (their cookies, their language), with `form` replaced. */
  async function adPage(
    request: FastifyRequest,
    adId: string,
    language: Language,
    form: 'reveal' | 'report',
    fragment: string,
  ): Promise<Answer> {
    const found = await api(request, 'GET', `/api/ads/${encodeURIComponent(adId)}`)
    const ad = found.status === 200 ? PublicAdSchema.safeParse(found.json()) : null
    const path = ad?.success
      ? `${adPath(ad.data)}?lang=${language}`
      : `/ca/ON/adult-buy-sell/${encodeURIComponent(adId)}`
    const page = await app.inject({
      method: 'GET',
      url: path,
      remoteAddress: request.ip,
      headers: {
        ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
        ...(request.headers['accept-language']
          ? { 'accept-language': request.headers['accept-language'] }
          : {}),
      },
    })
    if (!ad?.success || page.statusCode !== 200) return { status: 404, body: page.body }
    return { status: 200, body: replaceForm(page.body, form, fragment) ?? page.body }
  }

  function send(reply: FastifyReply, answer: Answer) {
    return reply
      .code(answer.status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(answer.body)
  }

  function refuseCrossSite(request: FastifyRequest, reply: FastifyReply): boolean {
    if (sameOrigin(request, app.config.PUBLIC_URL)) return false
    void reply.code(403).send(refusal('page.cross_site_form'))
    return true
  }

  const markupFor = (language: Language): AdActionsMarkup => build[language]

  app.post(
    '/ads/:id/reveal',
    {
      // its own limit: the first step renders a whole page and the API's reveal limit never sees it
      ...rateLimited(RATE_LIMITS.pages.reveal),
      schema: {
        summary: 'Reveal an ad’s contact from its page without JavaScript (answers the page)',
        description: `${limitText(RATE_LIMITS.pages.reveal)} per client, each step counted.`,
        tags: ['pages'],
        params: Params,
        body: RevealBody.nullish(),
      },
    },
    async (request, reply) => {
      if (refuseCrossSite(request, reply)) return reply
      const { id } = request.params
      const language = languageOf(request)
      const markup = markupFor(language)
      const action = AdActionPaths.reveal(id)
      const code = request.body?.[AD_ACTION_FIELDS.code]
      const challenge = request.body?.[AD_ACTION_FIELDS.challenge]
      // the first press, or a wrong or stale code: a (new) code to type
      if (code === undefined || challenge === undefined || !challenges.check(id, challenge, code)) {
        const failed = code !== undefined
        return send(
          reply,
          await adPage(
            request,
            id,
            language,
            'reveal',
            challengeMarkup(markup, action, challenges.issue(id), failed),
          ),
        )
      }
      const answer = await api(request, 'POST', `/api/ads/${encodeURIComponent(id)}/reveal`)
      let fragment: string
      if (answer.status === 200) {
        const reveal = AdRevealSchema.parse(answer.json())
        fragment = contactMarkup(markup, reveal.contact, reveal.contactPlatform)
      } else if (answer.status === 429) {
        reply.code(429)
        fragment = sentence(markup.labels.tooMany, 'alert')
      } else fragment = sentence(markup.labels.revealFailed, 'alert')
      const page = await adPage(request, id, language, 'reveal', fragment)
      return send(reply, answer.status === 429 && page.status === 200 ? { ...page, status: 429 } : page)
    },
  )

  app.post(
    '/ads/:id/report',
    {
      schema: {
        summary: 'Report an ad from its page without JavaScript (answers the page)',
        tags: ['pages'],
        params: Params,
        body: ReportBody.nullish(),
      },
    },
    async (request, reply) => {
      if (refuseCrossSite(request, reply)) return reply
      const { id } = request.params
      const language = languageOf(request)
      const markup = markupFor(language)
      const reason = REPORT_REASONS.find((r) => r === request.body?.[AD_ACTION_FIELDS.reason])
      // the first press: the form with its reasons
      if (!reason) {
        return send(
          reply,
          await adPage(request, id, language, 'report', reportFormMarkup(markup, AdActionPaths.report(id))),
        )
      }
      const details = (request.body?.[AD_ACTION_FIELDS.details] ?? '').trim()
      const answer = await api(request, 'POST', `/api/ads/${encodeURIComponent(id)}/reports`, {
        reason,
        details,
      })
      let fragment: string
      let status = 200
      if (answer.status === 200) {
        const sent = ReportResponseSchema.parse(answer.json())
        fragment = sentence(
          sent.already_reported ? markup.labels.reportAlready : markup.labels.reportThanks,
          'status',
        )
      } else if (answer.status === 429) {
        status = 429
        fragment = sentence(markup.labels.tooMany, 'alert')
      } else {
        status = answer.status >= 500 ? 502 : answer.status
        fragment = sentence(markup.labels.reportFailed, 'alert')
      }
      const page = await adPage(request, id, language, 'report', fragment)
      return send(reply, page.status === 200 ? { ...page, status } : page)
    },
  )
}

export default adActionsRoutes
