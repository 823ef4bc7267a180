import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import { PhotoParamsSchema, PhotoQueueSchema } from '#domain/api/photo-review.ts'
import { ReviewActionRequestSchema } from '#domain/api/reports.ts'
import {
  AccountParamsSchema,
  DismissContactRequestSchema,
  SharedContactListSchema,
  SuspensionRequestSchema,
  SuspensionSchema,
} from '#domain/api/shared-contacts.ts'
import {
  DecisionReasonSchema,
  VerificationIdParamsSchema,
  VerificationPhotoParamsSchema,
  VerificationQueueQuerySchema,
  VerificationQueueSchema,
} from '#domain/api/verification.ts'
import { ApiError } from '#server/errors.ts'
import { suspendAccount, unsuspendAccount } from '#server/services/accounts/suspension.ts'
import { dismissSharedContact, sharedContacts } from '#server/services/admin/shared-contacts.ts'
import { decidePhoto, photoQueue } from '#server/services/media/photo-review.ts'
import {
  decideVerification,
  deleteVerificationFiles,
  verificationPhotoKey,
  verificationQueue,
} from '#server/services/verification/verifications.ts'

// Admin routes of the trust layer under /api/admin: verification requests
// (docs/decisions/031-verified-advertisers.md), the photo queue (032-photo-review.md), and contacts
// shared between accounts with the suspensions they may lead to (055-shared-contacts.md).
const adminTrustRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.requireAdmin)
  // An approval says nothing: a tool that sends `Content-Type: application/json` with an empty body
  // reaches it, as one that sends no body or `null` does (Fastify's own parser refuses an empty JSON
  // body). A body that is there goes through Fastify's parser, prototype-poisoning checks and all.
  const parseJson = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (body === '') done(null, null)
    else parseJson(request, String(body), done)
  })
  const security = [{ bearerAuth: [] }]
  const tags = ['admin']
  const db = () => app.database.db
  const decided = { 204: z.null(), 409: ErrorSchema, ...errorResponses }

  app.get(
    '/verifications',
    {
      schema: {
        tags,
        security,
        summary: 'Verification requests waiting, oldest first, beside the account’s ad photos',
        description:
          '`status=approved` lists the verified accounts instead, the latest approved first, for a ' +
          'revocation; `email` keeps the accounts whose email contains it.',
        querystring: VerificationQueueQuerySchema,
        response: { 200: VerificationQueueSchema, ...errorResponses },
      },
    },
    async (request) => ({ items: await verificationQueue(db(), request.query) }),
  )

  app.get(
    '/verifications/:id/photos/:n',
    {
      schema: {
        tags,
        security,
        summary: 'A photo of a waiting verification request (admins only; never cached)',
        params: VerificationPhotoParamsSchema,
        response: { 200: z.unknown(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const key = await verificationPhotoKey(db(), request.params.id, request.params.n)
      const body = key ? await app.mediaLibrary.store.read(key) : null
      if (!body) throw new ApiError(404, 'request.not_found')
      return reply
        .type('image/webp')
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(body)
    },
  )

  for (const [action, decision] of [
    ['approve', 'approved'],
    ['refuse', 'refused'],
    ['revoke', 'revoked'],
  ] as const) {
    app.post(
      `/verifications/:id/${action}`,
      {
        schema: {
          tags,
          security,
          summary:
            action === 'approve'
              ? 'Approve: every ad of the account shows Verified at once; the photos are deleted'
              : action === 'refuse'
                ? 'Refuse with a reason the advertiser reads; the photos are deleted'
                : 'Revoke an approved verification: the badge leaves every ad at once',
          params: VerificationIdParamsSchema,
          body: action === 'approve' ? z.object({}).nullish() : DecisionReasonSchema,
          response: decided,
        },
      },
      async (request, reply) => {
        const reason = (request.body as { reason?: string } | undefined)?.reason ?? ''
        const keys = await decideVerification(
          db(),
          request.params.id,
          decision,
          request.admin.username,
          reason,
        )
        await deleteVerificationFiles(db(), app.mediaLibrary.store, keys)
        return reply.code(204).send(null)
      },
    )
  }

  app.get(
    '/photos',
    {
      schema: {
        tags,
        security,
        summary: 'Photos waiting for a review: reported ads first, then the oldest',
        response: { 200: PhotoQueueSchema, ...errorResponses },
      },
    },
    async () => ({ items: await photoQueue(db()) }),
  )

  app.post(
    '/photos/:mediaId/approve',
    {
      schema: {
        tags,
        security,
        summary: 'Approve a photo: it shows on its ad at once',
        params: PhotoParamsSchema,
        body: ReviewActionRequestSchema.nullish(),
        response: decided,
      },
    },
    async (request, reply) => {
      await decidePhoto(db(), request.params.mediaId, 'approved', request.admin.username)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/photos/:mediaId/refuse',
    {
      schema: {
        tags,
        security,
        summary: 'Refuse a photo with a reason: it is deleted and its owner reads why in /manage',
        params: PhotoParamsSchema,
        body: DecisionReasonSchema,
        response: decided,
      },
    },
    async (request, reply) => {
      const keys = await decidePhoto(
        db(),
        request.params.mediaId,
        'refused',
        request.admin.username,
        request.body.reason,
      )
      await app.mediaLibrary.deleteUnreferenced(keys)
      return reply.code(204).send(null)
    },
  )

  app.get(
    '/shared-contacts',
    {
      schema: {
        tags,
        security,
        summary: 'Phone numbers, e-mails and handles found in the ads of more than one account',
        description:
          'The accounts side by side, the most accounts first; a contact dismissed for the accounts ' +
          'sharing it stays out until another account shares it.',
        response: { 200: SharedContactListSchema, ...errorResponses },
      },
    },
    async () => ({ items: await sharedContacts(db()) }),
  )

  app.post(
    '/shared-contacts/dismiss',
    {
      schema: {
        tags,
        security,
        summary: 'Dismiss a shared contact (a shared business number): it leaves the queue',
        body: DismissContactRequestSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      const found = await dismissSharedContact(db(), request.body, request.admin.username)
      if (!found) throw new ApiError(404, 'request.not_found')
      return reply.code(204).send(null)
    },
  )

  for (const lifted of [false, true]) {
    app.post(
      lifted ? '/accounts/:id/unsuspend' : '/accounts/:id/suspend',
      {
        schema: {
          tags,
          security,
          summary: lifted
            ? 'Lift a suspension: the ads it held are listed again with the time they had left'
            : 'Suspend an account: every listed ad of it is held and every session ends',
          params: AccountParamsSchema,
          body: SuspensionRequestSchema,
          response: { 200: SuspensionSchema, 409: ErrorSchema, ...errorResponses },
        },
      },
      async (request) => {
        const decide = lifted ? unsuspendAccount : suspendAccount
        return decide(db(), request.params.id, request.admin.username, request.body.reason, app.clock.now())
      },
    )
  }
}

export default adminTrustRoutes
