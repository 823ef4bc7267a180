import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { effectiveStatus } from '#domain/ad-status.ts'
import { AdStatsSchema, AdViewsQuerySchema } from '#domain/api/ad-stats.ts'
import {
  AdDetailSchema,
  type AdList,
  AdListQuerySchema,
  AdListSchema,
  AdParamsSchema,
  AdPatchSchema,
  AdRevealSchema,
  AdWriteSchema,
  AvailableRequestSchema,
  OwnAdListSchema,
  OwnAdSchema,
  ToursRequestSchema,
} from '#domain/api/ads.ts'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import {
  AppealRequestSchema,
  AppealResponseSchema,
  DISMISSED_REPORTS_LIMIT,
  HOLD_AFTER_REPORTERS,
  NEW_ACCOUNT_DAYS,
  REPORTS_PER_ACCOUNT_PER_DAY,
  REPORTS_PER_ADDRESS_PER_DAY,
  ReportRequestSchema,
  ReportResponseSchema,
} from '#domain/api/reports.ts'
import { AVAILABLE_HOURS_DEFAULT, AVAILABLE_SWITCHES_PER_DAY } from '#domain/available-now.ts'
import { PAGE_SIZE } from '#domain/listing.ts'
import { TOUR_MAX_DAYS, TOUR_MAX_DAYS_AHEAD, TOUR_MAX_VISITS } from '#domain/tours.ts'
import { seedDemoAdsEnabled } from '#server/config.ts'
import type { AdRow } from '#server/db/schema/ads.ts'
import { ApiError } from '#server/errors.ts'
import { keepAnswer, keptAnswers } from '#server/http/answer-cache.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import { findAdminBySessionToken, findUserBySessionToken } from '#server/services/accounts/sessions.ts'
import { bearerToken } from '#server/services/accounts/tokens.ts'
import { statsForReader } from '#server/services/ad-stats/ad-stats.ts'
import { countViews, viewerKey } from '#server/services/ad-stats/view-beacon.ts'
import { cachedAdList } from '#server/services/ads/ad-list-cache.ts'
import { listPublicAds } from '#server/services/ads/ad-search.ts'
import { toOwnAd, toPublicAd, toReveal } from '#server/services/ads/ad-views.ts'
import { switchAvailableOff, switchAvailableOn } from '#server/services/ads/available-now.ts'
import { inReaderLanguage, seedDemoAds } from '#server/services/ads/demo-ads.ts'
import { replaceTours, toursOf } from '#server/services/ads/tours.ts'
import { keptByCounts } from '#server/services/favourites/favourites.ts'
import { mediaIndexFor } from '#server/services/media/ad-media.ts'
import { clientKey } from '#server/services/rate-limits/counters.ts'
import { appealHold } from '#server/services/reports/appeal.ts'
import { appealsOfCurrentHolds } from '#server/services/reports/hold-view.ts'
import { reportAd } from '#server/services/reports/report-ad.ts'
import { accountReporter, visitorReporter } from '#server/services/reports/reporter-history.ts'
import { limitText, RATE_LIMITS } from './rate-limits.ts'

// contact details are what scrapers want: a person reveals a few, a script many
// a person reports a handful of ads; a script trying to hold a competitor's ads reports many

// Routes under /api/ads (docs/decisions/010-ads-on-the-server.md). Reading is public; writing is
// the owner's; publishing and bumping happen only by paying (wallet pay or a crypto charge).

const adsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database
  const service = app.adsService
  if (seedDemoAdsEnabled(app.config)) {
    // after listen: nothing waits for them but /readyz (docs/decisions/026-migrations-and-start-up.md)
    void app.startup.add('demo ads', async () => {
      const seeded = await seedDemoAds(db, app.config.AD_LIFETIME_DAYS)
      if (seeded > 0) app.log.info({ ads: seeded }, 'demo ads seeded')
    })
  }
  // where this process hears of every ad change (services/ads/ad-list-cache.ts)
  const { sessions: sessionCaches, adLists } = app.caches
  const security = [{ bearerAuth: [] }]
  const tags = ['ads']

  // a signed-in owner may see their own unpublished ad; anyone else is simply anonymous here
  async function viewer(request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization)
    if (!token) return null
    return findUserBySessionToken(db, token, sessionCaches)
  }
  const viewerId = async (request: FastifyRequest) => (await viewer(request))?.id ?? null
  // the admins are mailed at once when reports await their confirmation (042)
  const alerts = {
    to: app.config.ADMIN_EMAIL,
    consoleUrl: new URL('/admin', app.config.PUBLIC_URL).toString(),
  }

  app.get(
    '/',
    {
      ...keptAnswers,
      schema: {
        tags,
        summary: `Live ads, ${PAGE_SIZE} per page, newest (or best match) first`,
        description:
          'Only live ads that have not expired. province and city accept ALL; q is a web-search ' +
          'style query ("quoted phrase", -word) over titles (weighted first), cities and descriptions, ' +
          'ignoring case and accents, in English and French word forms. No contact details.',
        querystring: AdListQuerySchema,
        response: { 200: AdListSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      // kept as the bytes it is sent as, validated once: a repeat costs no validation, serialization or
      // UTF-8 encoding (015, 019). Fastify sends bytes with a JSON type as they are; the cast only tells
      // the type provider so
      // a demo ad reads in the reader's language, so the language is part of what is kept (065)
      const language = request.language
      const { answer, isCurrent } = await cachedAdList(adLists, { ...request.query, language }, async () => {
        const now = app.clock.now()
        const result = await listPublicAds(db, request.query, now)
        const ids = result.rows.map((row) => row.id)
        const [media, tours] = await Promise.all([mediaIndexFor(db, result.rows), toursOf(db, ids, now)])
        const answer = AdListSchema.parse({
          items: result.rows.map((row) =>
            inReaderLanguage(toPublicAd(row, now, media, 'public', tours.get(row.id)), language),
          ),
          total: result.total,
          page: result.page,
          pages: result.pages,
          nextChangeAt: result.nextExpiry?.toISOString() ?? null,
        })
        return { answer: Buffer.from(JSON.stringify(answer)), staleAt: result.nextExpiry }
      })
      // the whole answer is given again while the listing cache holds these bytes (020)
      if (isCurrent) keepAnswer(reply, isCurrent)
      return reply.type('application/json; charset=utf-8').send(answer as unknown as AdList)
    },
  )

  app.get(
    '/mine',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: "The signed-in user's ads in every status, newest first, with their contact details",
        response: { 200: OwnAdListSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = app.clock.now()
      const rows = await service.listMine(request.user.id)
      const ids = rows.map((row) => row.id)
      const [media, appeals, keptBy, tours] = await Promise.all([
        mediaIndexFor(db, rows),
        appealsOfCurrentHolds(db, rows),
        keptByCounts(db, ids),
        toursOf(db, ids, now),
      ])
      return {
        items: rows.map((row) => ({
          ...toOwnAd(row, now, media, appeals, tours.get(row.id)),
          keptBy: keptBy.get(row.id) ?? 0,
        })),
      }
    },
  )

  app.post(
    '/',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Create an ad awaiting its posting fee',
        description:
          'The ad starts as pending_payment and goes live only when its posting fee is paid ' +
          '(POST /api/wallet/pay {type:"post", listingId} or a crypto charge). Title, description and ' +
          "contact handle are checked with the banned-phrase matcher: 422 'Banned words detected'. " +
          'An Adult Companions (adult-services) ad needs a verified advertiser (403 ' +
          'ad.companion_needs_verification) and ownServicesConfirmed: true (422 ' +
          'ad.companion_confirmation_required), kept with its time and the version of the ad.',
        body: AdWriteSchema,
        response: { 201: OwnAdSchema, 422: ErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const row = await service.create(request.user.id, request.body, request.language)
      return reply.code(201).send(toOwnAd(row, app.clock.now(), await mediaIndexFor(db, [row])))
    },
  )

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One live ad (its owner sees it in any status)',
        description: 'No contact details: POST /api/ads/{id}/reveal returns them.',
        params: AdParamsSchema,
        response: { 200: AdDetailSchema, 404: ErrorSchema, 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const viewer = await viewerId(request)
      const row = await service.visibleAd(request.params.id, viewer)
      const own = row.ownerId !== null && row.ownerId === viewer
      // the owner's view names a status the public never sees (pending, held): one person's answer
      if (own) reply.header('cache-control', 'no-store')
      // the owner too gets the public photos: a photo under review needs the owner's token, which a
      // plain <img> on the ad page cannot send, so it shows as "Photo under review" here and loads
      // only in /manage (docs/decisions/032-photo-review.md)
      const now = app.clock.now()
      const [media, tours] = await Promise.all([mediaIndexFor(db, [row]), toursOf(db, [row.id], now)])
      const view = inReaderLanguage(
        toPublicAd(row, now, media, 'public', tours.get(row.id)),
        request.language,
      )
      return own ? { ...view, status: effectiveStatus(row, new Date()) } : view
    },
  )

  // issue 44's contract names PUT for an edit: the same edit as PATCH, the fields left out unchanged
  for (const method of ['PATCH', 'PUT'] as const) {
    app.route({
      method,
      url: '/:id',
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary:
          method === 'PATCH'
            ? 'Edit your ad (re-moderated; rank, expiry and status unchanged)'
            : 'The same edit as PATCH (only the fields sent change)',
        description:
          'An Adult Companions ad (or an edit into that category) needs a verified advertiser (403 ' +
          'ad.companion_needs_verification) and ownServicesConfirmed: true on every edit (422 ' +
          'ad.companion_confirmation_required).',
        params: AdParamsSchema,
        body: AdPatchSchema,
        response: { 200: OwnAdSchema, 409: ErrorSchema, 422: ErrorSchema, ...errorResponses },
      },
      handler: async (request) => {
        const row = await service.update(request.user.id, request.params.id, request.body, request.language)
        const [media, appeals] = await Promise.all([
          mediaIndexFor(db, [row]),
          appealsOfCurrentHolds(db, [row]),
        ])
        return toOwnAd(row, app.clock.now(), media, appeals)
      },
    })
  }

  // "Available now" (docs/decisions/048-advertisers.md): the owner's switch; anyone else's ad is 404
  // as everywhere else under /api/ads. The write goes through recordAdEvent, which voids the cached
  // listings and pages as an edit does; its end voids them through their staleAt
  app.post(
    '/:id/available',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Switch "Available now" on for 1 to 12 hours (3 by default)',
        description:
          'Only for your own live ad (409 ad.available_not_live otherwise). At most ' +
          `${AVAILABLE_SWITCHES_PER_DAY} switches a day per ad, counted over the last 24 hours ` +
          '(429 ad.available_limit); switching on again starts the hours from now and counts. It ends ' +
          'by itself: availableUntil reads null once it has passed.',
        params: AdParamsSchema,
        body: AvailableRequestSchema.optional(),
        response: { 200: OwnAdSchema, 409: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = app.clock.now()
      const { id } = request.params
      const user = request.user.id
      const hours = request.body?.hours ?? AVAILABLE_HOURS_DEFAULT
      const row = await switchAvailableOn(db, (tx) => service.ownAd(user, id, tx), user, hours, now)
      return ownView(row, now)
    },
  )

  app.delete(
    '/:id/available',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Switch "Available now" off (harmless when it is off)',
        params: AdParamsSchema,
        response: { 200: OwnAdSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = app.clock.now()
      const { id } = request.params
      const user = request.user.id
      return ownView(await switchAvailableOff(db, (tx) => service.ownAd(user, id, tx), user, now), now)
    },
  )

  // touring (docs/decisions/060-touring.md): the owner's list, replaced whole; anyone else's ad is
  // 404. The write goes through recordAdEvent, which voids cached listings and pages; a visit's
  // start and end void them through their staleAt
  app.put(
    '/:id/tours',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: `Replace your ad's visits to other cities (at most ${TOUR_MAX_VISITS}; [] removes them all)`,
        description:
          'Each visit: province, city (a known place of that province, else 422 ad.tour_city_unknown), ' +
          'from and to (YYYY-MM-DD, days on the visited province’s clock: 00:00 on from to 00:00 after ' +
          `to). A visit may not be over (422 ad.tour_past), must start within ${TOUR_MAX_DAYS_AHEAD} ` +
          `days (422 ad.tour_too_far) and last at most ${TOUR_MAX_DAYS} days (422 ad.tour_too_long), ` +
          'from <= to (422 ad.tour_order). During a visit the ad is also listed in that city and ' +
          'province; it ends by itself.',
        params: AdParamsSchema,
        body: ToursRequestSchema,
        response: { 200: OwnAdSchema, 422: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const now = app.clock.now()
      const { id } = request.params
      const user = request.user.id
      const row = await replaceTours(db, (tx) => service.ownAd(user, id, tx), user, request.body, now)
      return ownView(row, now)
    },
  )

  async function ownView(row: AdRow, now: Date) {
    const [media, appeals, tours] = await Promise.all([
      mediaIndexFor(db, [row]),
      appealsOfCurrentHolds(db, [row]),
      toursOf(db, [row.id], now),
    ])
    return toOwnAd(row, now, media, appeals, tours.get(row.id))
  }

  app.delete(
    '/:id',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Remove your ad (kept as removed for the record; gone from every public answer)',
        params: AdParamsSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await service.remove(request.user.id, request.params.id)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/:id/reveal',
    {
      onRequest: noStoreHook,
      ...rateLimited(RATE_LIMITS.ads.reveal),
      schema: {
        tags,
        summary: "A live ad's contact details",
        description: `${limitText(RATE_LIMITS.ads.reveal)} per client.`,
        params: AdParamsSchema,
        response: { 200: AdRevealSchema, 404: ErrorSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const reveal = toReveal(await service.visibleAd(request.params.id, await viewerId(request)))
      // counted in memory once the contact is known to go out (docs/decisions/053-ad-stats.md)
      app.adStats.countReveal(request.params.id, app.clock.now())
      return reveal
    },
  )

  // the app's beacon with the ads a visit showed (their pages or the listing's dialog): counted in
  // memory and answered at once; who sent it is hashed with the day's salt and never stored (053). A
  // plain beacon is answered before Fastify (services/ad-stats/view-beacon.ts); this route answers the
  // rest the same way
  app.post(
    '/views',
    {
      onRequest: noStoreHook,
      schema: {
        tags,
        summary: 'Count views of ads (once per visitor per ad per day; answered at once)',
        description:
          'Sent by the app with navigator.sendBeacon for the ads a visit showed: ads, 1 to 20 ad ids joined ' +
          "by '.'; d, the device's random id (without it, the address and user agent stand for the " +
          'visitor). Always 204 for well-formed ids, whether or not a view was counted; an id that is no ' +
          'ad is ignored when the counts are written.',
        querystring: AdViewsQuerySchema,
        response: { 204: z.null(), 400: ErrorSchema },
      },
    },
    async (request, reply) => {
      const visitor = viewerKey(request.query.d, clientKey(request.ip), request.headers['user-agent'])
      countViews(app.adStats, request.query.ads, visitor, app.clock.now())
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/:id/stats',
    {
      onRequest: noStoreHook,
      schema: {
        tags,
        security,
        summary: "An ad's last 30 days: views, reveals, favourites, alerts (owner or admin)",
        description:
          'Per UTC day, oldest first, today last, with the totals. views: the ad shown, once per ' +
          'visitor per day; favourites: those kept now, by the day they were added. 401 without a ' +
          "session (a user's or an admin's); 404 for anyone's ad but your own unless you are an admin.",
        params: AdParamsSchema,
        response: { 200: AdStatsSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      // the owner's user session or any admin session: the one route both may read (053)
      const token = bearerToken(request.headers.authorization)
      if (!token) {
        reply.header('www-authenticate', 'Bearer')
        throw new ApiError(401, 'auth.required')
      }
      const admin = await findAdminBySessionToken(db, token, sessionCaches)
      const user = admin ? null : await findUserBySessionToken(db, token, sessionCaches)
      if (!admin && !user) {
        reply.header('www-authenticate', 'Bearer')
        throw new ApiError(401, 'auth.session_invalid')
      }
      const reader = admin ? 'admin' : { userId: user?.id ?? '' }
      return statsForReader(db, app.adStats, request.params.id, reader, app.clock.now())
    },
  )

  app.post(
    '/:id/reports',
    {
      ...rateLimited(RATE_LIMITS.ads.report),
      schema: {
        tags,
        summary: 'Report a live ad (signed in or not)',
        description:
          'One report per ad per account, or per client when signed out; a repeat answers ' +
          'already_reported: true. underage and trafficking go to the top of the review queue and hold ' +
          'the ad at once when reported by an account in good standing (verified, at least ' +
          `${NEW_ACCOUNT_DAYS} days old, no dismissed report), else when a second independent reporter ` +
          '(another account or address, one of the two signed in) or an admin confirms; other reasons ' +
          `hold at ${HOLD_AFTER_REPORTERS} independent reporters, one of them signed in. A reason an admin ` +
          `cleared on this ad only queues it again; a reporter with ${DISMISSED_REPORTS_LIMIT} dismissed ` +
          `reports never holds. Caps: ${REPORTS_PER_ACCOUNT_PER_DAY} a day per account, ` +
          `${REPORTS_PER_ADDRESS_PER_DAY} a day per address, ${RATE_LIMITS.ads.report.max} per ` +
          `${RATE_LIMITS.ads.report.timeWindow} per client (429).`,
        params: AdParamsSchema,
        body: ReportRequestSchema,
        response: { 200: ReportResponseSchema, 404: ErrorSchema, 400: ErrorSchema, 429: ErrorSchema },
      },
    },
    async (request) => {
      const user = await viewer(request)
      // every report keeps its address only as a keyed hash (one IPv6 /64 is one address); signed
      // out, that hash is the reporter: one report per client address. Signed in, the e-mail's keyed
      // hash outlives the account: deleting it and signing up again is the same reporter (042)
      const address = app.reporterKeys.address(clientKey(request.ip))
      const key = user ? accountReporter(user.id) : visitorReporter(address)
      const emailHash = user ? app.reporterKeys.email(user.email) : null
      return reportAd(
        db,
        request.params.id,
        { key, userId: user?.id ?? null, address, emailHash },
        request.body,
        alerts,
      )
    },
  )

  app.post(
    '/:id/appeal',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Ask for a review of your held ad, once per hold, with a note the admin reads',
        description:
          'The ad stays held until an admin decides; the note shows beside it in the review queue. ' +
          'A second request for the same hold answers 409.',
        params: AdParamsSchema,
        body: AppealRequestSchema,
        response: { 201: AppealResponseSchema, 409: ErrorSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const at = await appealHold(db, request.user.id, request.params.id, request.body.note)
      return reply.code(201).send({ appealedAt: at.toISOString() })
    },
  )
}

export default adsRoutes
