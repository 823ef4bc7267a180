import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import {
  ChangePasswordRequestSchema,
  EmailRequestSchema,
  LoginRequestSchema,
  LoginResponseSchema,
  MessageResponseSchema,
  RegisterRequestSchema,
  RegisterResponseSchema,
  ResendVerificationResponseSchema,
  ResetPasswordRequestSchema,
  VerifyEmailQuerySchema,
  VerifyEmailResponseSchema,
} from '#domain/api/auth.ts'
import { errorResponses } from '#domain/api/common.ts'
import { noStoreHook } from '#server/plugins/auth.ts'
import type { RouteRateLimit, TimeWindow } from '#server/plugins/rate-limit.ts'
import {
  type AccountsDeps,
  forgotPassword,
  login,
  register,
  resendVerification,
  resetPassword,
  verifyEmail,
} from '#server/services/accounts/accounts.ts'
import { changePassword } from '#server/services/accounts/change-password.ts'
import { primeDummyHash } from '#server/services/accounts/passwords.ts'
import { revokeSession } from '#server/services/accounts/sessions.ts'
import { clientKey } from '#server/services/rate-limits/counters.ts'
import { RATE_LIMITS } from './rate-limits.ts'

// Counters are keyed by client IP plus the email in the body, so one attacker cannot lock a victim
// out from elsewhere and a shared IP (an office, a carrier NAT) is not blocked for everyone. The
// limit runs as a preHandler: in onRequest the body is not parsed yet.
function perIpAndEmail(limit: { max: number; timeWindow: TimeWindow }): RouteRateLimit {
  return {
    ...limit,
    hook: 'preHandler',
    keyGenerator: (request: FastifyRequest) => {
      return `${clientKey(request.ip)}|${bodyText(request, 'email')}`
    },
  }
}

const AUTH_RATE_LIMITS = RATE_LIMITS.auth

function bodyText(request: FastifyRequest, field: 'email' | 'device'): string {
  const value = (request.body as Record<string, unknown> | undefined)?.[field]
  return typeof value === 'string' ? value : ''
}

// Routes under /api/auth.
const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps: AccountsDeps = {
    db: app.database.db,
    publicUrl: app.config.PUBLIC_URL,
    mailQueued: () => app.mailSender?.wake(),
    afterAnswer: (name, task) => app.afterAnswer.run(name, task),
  }
  await primeDummyHash()

  app.post(
    '/register',
    {
      // per IP only: new addresses are free to invent, so the email would not slow a sign-up bot
      config: { rateLimit: { ...AUTH_RATE_LIMITS.register } },
      schema: {
        tags: ['auth'],
        summary: 'Create an account and mail a verification link (no session starts)',
        description:
          'Answers the same for an address that already has an account (its owner gets a notice mail instead), so the form cannot tell who is a member.',
        body: RegisterRequestSchema,
        response: { 201: RegisterResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await register(deps, request.body.email, request.body.password, request.language)
      return reply.code(201).send(result)
    },
  )

  app.post(
    '/login',
    {
      onRequest: noStoreHook,
      // per address across every email first, then per address and email, then per email across every
      // address but for a device that signed in to it before (docs/decisions/044-edges.md)
      config: {
        rateLimit: [
          AUTH_RATE_LIMITS.loginPerIp,
          perIpAndEmail(AUTH_RATE_LIMITS.login),
          {
            ...AUTH_RATE_LIMITS.loginPerEmail,
            hook: 'preHandler',
            keyGenerator: (request) => bodyText(request, 'email').trim().toLowerCase(),
            skip: (request) =>
              app.reporterKeys.isDeviceMark('user', bodyText(request, 'email'), bodyText(request, 'device')),
          },
        ],
      },
      schema: {
        tags: ['auth'],
        summary: 'Sign in with email and password; refused until the email is verified',
        body: LoginRequestSchema,
        response: { 200: LoginResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      ...(await login(deps.db, request.body.email, request.body.password)),
      device: app.reporterKeys.deviceMark('user', request.body.email),
    }),
  )

  app.post(
    '/logout',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['auth'],
        summary: 'Revoke the bearer token of this session',
        security: [{ bearerAuth: [] }],
        response: { 204: z.null(), ...errorResponses },
      },
    },
    async (request, reply) => {
      await revokeSession(deps.db, request.authToken)
      return reply.code(204).send(null)
    },
  )

  app.post(
    '/change-password',
    {
      preHandler: app.requireUser,
      config: { rateLimit: { ...AUTH_RATE_LIMITS.changePassword } },
      schema: {
        tags: ['auth'],
        summary: 'Set a new password (the current one is needed); every other session of the user ends',
        security: [{ bearerAuth: [] }],
        body: ChangePasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) =>
      changePassword(deps.db, {
        userId: request.user.id,
        sessionToken: request.authToken,
        currentPassword: request.body.current_password,
        newPassword: request.body.new_password,
      }),
  )

  app.get(
    '/verify-email',
    {
      schema: {
        tags: ['auth'],
        summary: 'Confirm an email address from the mailed link',
        querystring: VerifyEmailQuerySchema,
        response: { 200: VerifyEmailResponseSchema, ...errorResponses },
      },
    },
    async (request) => verifyEmail(deps.db, request.query.token),
  )

  app.post(
    '/resend-verification',
    {
      config: { rateLimit: perIpAndEmail(AUTH_RATE_LIMITS.resend) },
      schema: {
        tags: ['auth'],
        summary: 'Mail a new verification link (same answer whether or not the account exists)',
        body: EmailRequestSchema,
        response: { 200: ResendVerificationResponseSchema, ...errorResponses },
      },
    },
    async (request) => resendVerification(deps, request.body.email),
  )

  app.post(
    '/forgot-password',
    {
      config: { rateLimit: perIpAndEmail(AUTH_RATE_LIMITS.forgot) },
      schema: {
        tags: ['auth'],
        summary: 'Mail a password reset link (same answer whether or not the account exists)',
        body: EmailRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => forgotPassword(deps, request.body.email),
  )

  app.post(
    '/reset-password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Set a new password with a mailed, single-use link; signs the account out everywhere',
        body: ResetPasswordRequestSchema,
        response: { 200: MessageResponseSchema, ...errorResponses },
      },
    },
    async (request) => resetPassword(deps.db, request.body.token, request.body.new_password),
  )
}

export default authRoutes
