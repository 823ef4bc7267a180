import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AD_ID_LENGTH } from '#domain/api/ads-paths.ts'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import { type CodedError, coded, readSays } from '#domain/api/error-codes.ts'
import {
  IDEMPOTENCY_HEADER,
  IdempotencyKeySchema,
  TopupConfirmRequestSchema,
  TopupConfirmResponseSchema,
  TopupInitiateRequestSchema,
  TopupInitiateResponseSchema,
  type Wallet,
  WalletPayRequestSchema,
  WalletPayResponseSchema,
  WalletSchema,
} from '#domain/api/wallet.ts'
import { MIN_TOPUP_CENTS } from '#domain/constants.ts'
import { FEES_CENTS } from '#domain/fees.ts'
import { centsToDollars, dollarsToCents, formatCad, formatFee } from '#domain/money.ts'
import { ApiError } from '#server/errors.ts'
import { keepAnswer, keptAnswers } from '#server/http/answer-cache.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import { userSessionCurrentTest } from '#server/services/accounts/sessions.ts'
import type { PaymentOutcome } from '#server/services/metrics/metrics.ts'
import { walletViewCurrentTest } from '#server/services/wallet/wallet-cache.ts'
import {
  getBalanceCents,
  type PayOutcome,
  payFromWallet,
  walletJson,
} from '#server/services/wallet/wallet-service.ts'
import { limitText, RATE_LIMITS } from './rate-limits.ts'

/** Why a top-up is not settled, shown under 'Not confirmed yet'. */
export function notConfirmed(status: string): CodedError {
  if (status === 'EXPIRED') return coded('payment.expired', { status })
  if (status === 'INVALID') return coded('payment.invalid', { status })
  return coded('payment.not_confirmed', { status })
}

/** How a wallet payment ended, in the payments metric's words. */
function walletPaymentOutcome(outcome: PayOutcome): PaymentOutcome {
  if (outcome.replayed) return 'replayed'
  if (outcome.statusCode === 200) return 'paid'
  return outcome.statusCode === 402 ? 'insufficient_balance' : 'refused'
}

// Routes under /api/wallet: every one needs a signed-in user.
const walletRoutes: FastifyPluginAsyncZod = async (app) => {
  // before validation, so a request without a session gets 401 rather than a 400 about its body
  app.addHook('preValidation', app.requireUser)
  // the app's one service (plugins/payments.ts), shared with the payments routes
  const payments = () => app.payments
  const security = [{ bearerAuth: [] }]
  // where this process hears of every wallet write (services/wallet/wallet-cache.ts)
  const { sessions: sessionCaches, wallets: walletCache } = app.caches

  app.get(
    '/',
    {
      ...keptAnswers,
      schema: { tags: ['wallet'], security, response: { 200: WalletSchema, ...errorResponses } },
    },
    async (request, reply) => {
      // sent as the JSON bytes the cache keeps, validated when read: a repeat costs no validation or
      // serialization (015, 019). Fastify sends bytes with a JSON type as they are; the cast tells the types
      const { db } = app.database
      const json = await walletJson(db, request.user.id, walletCache)
      // the whole answer is given again to this token while its session and this view stay cached (020)
      const session = userSessionCurrentTest(sessionCaches, request.authToken)
      const view = walletViewCurrentTest(walletCache, request.user.id, json)
      if (session && view) keepAnswer(reply, () => session() && view())
      return reply.type('application/json; charset=utf-8').send(json as unknown as Wallet)
    },
  )

  app.post(
    '/pay',
    {
      // counted per account, after the guard has found who it is
      config: {
        rateLimit: {
          ...RATE_LIMITS.wallet.pay,
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => `wallet-pay:${request.user.id}`,
        },
      },
      schema: {
        tags: ['wallet'],
        security,
        description:
          `Pays the posting (${formatFee(FEES_CENTS.post)}) or bump (${formatFee(FEES_CENTS.bump)}) fee from the ` +
          'wallet; the server sets the price. Send an ' +
          'Idempotency-Key header to make retries safe: a retry with the same key answers the first ' +
          'answer and charges once; the same key with a different body is refused with 422. listingId ' +
          `names the ad the fee is for (${AD_ID_LENGTH} characters, from POST /api/ads; 400 without one), and the ` +
          'fee takes effect in the same transaction: post publishes a pending ad, or renews the same ad ' +
          'in its last 3 days (a lifetime added to its end) or within 30 days after its end, bump moves ' +
          'a live ad to the top. An ad that cannot take the fee (live with more than 3 days left, ' +
          "ended too long ago, removed, under review) gets 409, someone else's 404; neither is charged. " +
          `${limitText(RATE_LIMITS.wallet.pay)} per account (429).`,
        body: WalletPayRequestSchema,
        response: {
          200: WalletPayResponseSchema,
          402: ErrorSchema,
          409: ErrorSchema,
          422: ErrorSchema,
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const rawKey = request.headers[IDEMPOTENCY_HEADER]
      let key: string | null = null
      if (rawKey !== undefined) {
        const parsed = IdempotencyKeySchema.safeParse(Array.isArray(rawKey) ? rawKey[0] : rawKey)
        if (!parsed.success) {
          const said = readSays(parsed.error.issues[0]?.message ?? '')
          throw said ? ApiError.of(400, said) : new ApiError(400, 'wallet.idempotency_invalid')
        }
        key = parsed.data
      }
      const outcome = await payFromWallet(
        app.database.db,
        request.user.id,
        request.body,
        key,
        app.clock.now(),
      )
      app.metrics.countPayment('wallet', walletPaymentOutcome(outcome))
      return reply.code(outcome.statusCode).send(outcome.body)
    },
  )

  app.post(
    '/topup/initiate',
    {
      ...rateLimited(RATE_LIMITS.wallet.topup),
      schema: {
        tags: ['wallet'],
        security,
        description: `Starts a crypto charge of type topup (amount in CAD dollars, at least ${formatFee(MIN_TOPUP_CENTS)}).`,
        body: TopupInitiateRequestSchema,
        response: { 200: TopupInitiateResponseSchema, 502: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const amountCents = dollarsToCents(request.body.amount)
      if (amountCents < MIN_TOPUP_CENTS) throw new ApiError(400, 'wallet.min_topup')
      const charge = await payments().createCharge({
        userId: request.user.id,
        chargeType: 'topup',
        amountCents,
        description: `Wallet top-up ${formatCad(amountCents)}`,
        listingId: null,
        draft: null,
      })
      return {
        charge_id: charge.charge_id,
        hosted_url: charge.hosted_url,
        amount_cad: charge.amount_cad,
        status: charge.status,
      }
    },
  )

  app.post(
    '/topup/confirm',
    {
      schema: {
        tags: ['wallet'],
        security,
        description:
          'Re-reads the top-up charge from the provider and credits it exactly once when settled. ' +
          'Not settled yet, expired or invalid: 409 with the status in the detail.',
        body: TopupConfirmRequestSchema,
        response: { 200: TopupConfirmResponseSchema, 409: ErrorSchema, 502: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const service = payments()
      const row = await service.findCharge(request.body.charge_id)
      // someone else's charge reads exactly like a missing one
      if (!row || row.userId !== request.user.id || row.chargeType !== 'topup')
        throw new ApiError(404, 'payment.charge_not_found')
      const { fulfilled, charge } = await service.refresh(row)
      if (!fulfilled) throw ApiError.of(409, notConfirmed(charge.status))
      return {
        credited: true as const,
        balance_cad: centsToDollars(await getBalanceCents(app.database.db, request.user.id)),
      }
    },
  )
}

export default walletRoutes
