import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '#domain/api/common.ts'
import {
  PushKeySchema,
  PushSubscriptionCreateSchema,
  PushSubscriptionDeleteSchema,
} from '#domain/api/push.ts'
import { ApiError } from '#server/errors.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import { checkEndpoint, deleteSubscription, saveSubscription } from '#server/services/push/push.ts'

// /api/push (issue 41's contract, docs/decisions/054-alerts.md).
const pushRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', noStoreHook)
  const { db } = app.database
  const tags = ['push']
  const security = [{ bearerAuth: [] }]
  const vapid = () => {
    if (!app.vapid) throw new ApiError(404, 'push.off')
    return app.vapid
  }

  app.get(
    '/key',
    {
      schema: {
        tags,
        summary: 'The VAPID public key (base64url)',
        response: { 200: PushKeySchema, ...errorResponses },
      },
    },
    async () => ({ publicKey: vapid().publicKey }),
  )

  app.post(
    '/subscriptions',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Keep this device’s push subscription for your alerts',
        body: PushSubscriptionCreateSchema,
        response: { 201: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      vapid()
      await checkEndpoint(request.body.endpoint, app.config.NODE_ENV === 'production')
      await saveSubscription(db, request.user.id, request.body)
      return reply.code(201).send(null)
    },
  )

  app.delete(
    '/subscriptions',
    {
      preValidation: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Forget a device’s push subscription',
        body: PushSubscriptionDeleteSchema,
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await deleteSubscription(db, request.user.id, request.body.endpoint)
      return reply.code(204).send(null)
    },
  )
}

export default pushRoutes
