import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  AdminLoginRequestSchema,
  AdminLoginResponseSchema,
  AttentionChargeListSchema,
  PurgeResponseSchema,
} from '#domain/api/admin.ts'
import { AdminAdPageSchema, AdminAdsQuerySchema } from '#domain/api/admin-ads.ts'
import { errorResponses } from '#domain/api/common.ts'
import {
  AuditListSchema,
  BulkReleaseRequestSchema,
  BulkReleaseResponseSchema,
  MAX_BULK_RELEASE,
  QueueSchema,
  ReviewActionRequestSchema,
  ReviewParamsSchema,
} from '#domain/api/reports.ts'
import { ApiError } from '#server/errors.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import { createAdminSession, revokeAdminSession } from '#server/services/accounts/sessions.ts'
import { checkAdminCredentials, resolveAdminCredentials } from '#server/services/admin/credentials.ts'
import { purgeAllUserData } from '#server/services/admin/purge.ts'
import { sealIfUnderage } from '#server/services/legal-holds/underage.ts'
import { chargesNeedingAttention } from '#server/services/payments/attention.ts'
import { searchAdminAds } from '#server/services/reports/admin-ad-search.ts'
import { listAudit, recordAudit } from '#server/services/reports/admin-audit.ts'
import { releaseHolds, reviewAd, reviewQueue } from '#server/services/reports/review.ts'
import { RATE_LIMITS } from './rate-limits.ts'

// Routes under /api/admin. Admin sessions live in their own table (see plugins/auth.ts).
// the rate limits read the body before it is validated: a field that is not text counts as none
function adminField(request: FastifyRequest, field: 'username' | 'device'): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field]
  return typeof value === 'string' ? value : ''
}

const adminRoutes: FastifyPluginAsyncZod = async (app) => {
  // throws in production without ADMIN_USERNAME/ADMIN_PASSWORD, so buildApp (and the server) fails
  const credentials = resolveAdminCredentials(app.config)
  if (credentials.generated) {
    app.log.warn(
      { username: credentials.username },
      `No ADMIN_PASSWORD set: generated one for this run. Admin login: ${credentials.username} / ${credentials.password}`,
    )
  }

  app.post(
    '/login',
    {
      onRequest: noStoreHook,
      // per address, and per username across every address but for a device that signed in as the
      // admin before (docs/decisions/044-edges.md)
      config: {
        rateLimit: [
          RATE_LIMITS.admin.login,
          {
            ...RATE_LIMITS.admin.loginPerUsername,
            hook: 'preHandler',
            keyGenerator: (request) => adminField(request, 'username').trim().toLowerCase(),
            skip: (request) =>
              app.reporterKeys.isDeviceMark(
                'admin',
                adminField(request, 'username'),
                adminField(request, 'device'),
              ),
          },
        ],
      },
      schema: {
        tags: ['admin'],
        summary: 'Sign in as the admin (credentials from ADMIN_USERNAME/ADMIN_PASSWORD)',
        body: AdminLoginRequestSchema,
        response: { 200: AdminLoginResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { username, password } = request.body
      if (!checkAdminCredentials(credentials, username, password)) {
        throw new ApiError(401, 'auth.admin_invalid_credentials')
      }
      return {
        token: await createAdminSession(app.database.db, credentials.username),
        device: app.reporterKeys.deviceMark('admin', credentials.username),
      }
    },
  )

  app.post(
    '/logout',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Revoke the admin bearer token of this session',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeAdminSession(app.database.db, request.authToken)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/purge',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Delete all user data (reference data such as cities and banned phrases stays)',
        description: "Other admin sessions are revoked too; the caller's own session stays valid.",
        security: [{ bearerAuth: [] }],
        response: { 200: PurgeResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // the files go after their rows; any key a row created meanwhile still names is kept
      const mediaKeys = await app.mediaLibrary.allKeys()
      const deleted = await purgeAllUserData(app.database.db, request.authToken)
      await app.mediaLibrary.deleteUnreferenced(mediaKeys)
      request.log.warn({ admin: request.admin.username, deleted }, 'all user data purged')
      await recordAudit(app.database.db, {
        admin: request.admin.username,
        action: 'purge',
        target: 'all user data',
      })
      return { deleted }
    },
  )

  app.get(
    '/payments/attention',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Crypto charges that need a look: paid late, partly paid, overpaid, marked by hand, invalid',
        description: 'Newest first, with the provider invoice id to find each one in BTCPay.',
        security: [{ bearerAuth: [] }],
        response: { 200: AttentionChargeListSchema, ...errorResponses },
      },
    },
    async () => ({ charges: await chargesNeedingAttention(app.database.db) }),
  )

  app.get(
    '/reports',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The review queue: reported and held ads, most urgent first',
        description: 'Suspected minors and trafficking first, then more reporters, then the oldest report.',
        security: [{ bearerAuth: [] }],
        response: { 200: QueueSchema, ...errorResponses },
      },
    },
    async () => ({ items: await reviewQueue(app.database.db) }),
  )

  app.post(
    '/reports/release',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Release many held ads at once: live again with the time they had left, reports dismissed',
        description: `At most ${MAX_BULK_RELEASE} ads; ids of ads that are not held come back in skipped.`,
        security: [{ bearerAuth: [] }],
        body: BulkReleaseRequestSchema,
        response: { 200: BulkReleaseResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      releaseHolds(app.database.db, request.admin.username, request.body.adIds, request.body.reason),
  )

  app.post(
    '/reports/:id/:action',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Decide on an ad: dismiss its reports, remove it (reason required), restore it or hold it',
        description:
          'dismiss releases a held ad with the lifetime it had left; hold confirms a report that could ' +
          'not hold the ad by itself (signed out, a new account).',
        security: [{ bearerAuth: [] }],
        params: ReviewParamsSchema,
        body: ReviewActionRequestSchema,
        response: { 204: z.null(), 409: errorResponses[400], ...errorResponses },
      },
    },
    async (request, reply) => {
      const { id, action } = request.params
      await reviewAd(app.database.db, request.admin.username, id, action, request.body.reason)
      // confirming an underage report seals the ad by itself, before a removal deletes its files
      // (docs/decisions/057-legal-holds.md)
      if (action === 'hold' || action === 'remove')
        await sealIfUnderage(app.database.db, app.mediaLibrary.store, request.admin.username, id)
      // a removed ad's photos and videos go with it (docs/decisions/011-media-storage.md)
      if (action === 'remove') await app.mediaLibrary.deleteForAd(id)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/ads',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'Every ad, searched by text, owner email and status, newest created first',
        description:
          'q matches the title or description in any case and accents; email matches part of the ' +
          "owner's email; status is the status people see (a live ad past its expiry is expired).",
        security: [{ bearerAuth: [] }],
        querystring: AdminAdsQuerySchema,
        response: { 200: AdminAdPageSchema, ...errorResponses },
      },
    },
    async (request) => searchAdminAds(app.database.db, request.query),
  )

  app.get(
    '/audit',
    {
      preHandler: app.requireAdmin,
      schema: {
        tags: ['admin'],
        summary: 'The admin audit log, newest first',
        security: [{ bearerAuth: [] }],
        response: { 200: AuditListSchema, ...errorResponses },
      },
    },
    async () => ({ items: await listAudit(app.database.db) }),
  )
}

export default adminRoutes
