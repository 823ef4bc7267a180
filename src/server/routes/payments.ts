import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { ErrorSchema, errorResponses } from '#domain/api/common.ts'
import {
  ChargeIdParamsSchema,
  ChargeStatusResponseSchema,
  CreateChargeRequestSchema,
  CreateChargeResponseSchema,
  MAX_DRAFT_BYTES,
} from '#domain/api/payments.ts'
import { MIN_TOPUP_CENTS } from '#domain/constants.ts'
import { chargeAmountCents, FEES_CENTS } from '#domain/fees.ts'
import { formatCad } from '#domain/money.ts'
import { ApiError } from '#server/errors.ts'
import { rateLimited } from '#server/plugins/rate-limit.ts'
import { checkAdPayable, feeAdId } from '#server/services/ads/ad-payments.ts'
import { pageLanguage } from '#server/services/pages/page-language.ts'
import { CHARGE_ID_BITS, toChargeView } from '#server/services/payments/charges.ts'
import { checkDraft } from '#server/services/payments/draft.ts'
import { renderSandboxPage } from '#server/services/payments/sandbox-page.ts'
import { SandboxProvider } from '#server/services/payments/sandbox-provider.ts'
import { RATE_LIMITS } from './rate-limits.ts'

const DEFAULT_DESCRIPTIONS = { post: 'Posting fee', bump: 'Bump fee' } as const
const WEBHOOK_BODY_LIMIT = 256 * 1024
const InvoiceParamsSchema = z.object({ invoiceId: z.string().min(1).max(200) })

// Routes under /api/payments: crypto charges, provider webhooks and the sandbox's hosted page.
const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  // the app's one service (plugins/payments.ts), which also reconciles missed webhooks
  const payments = () => app.payments
  if (app.config.NODE_ENV === 'production' && app.config.PAYMENT_PROVIDER === 'sandbox') {
    app.log.warn(
      'PAYMENT_PROVIDER=sandbox in production: no real payment can be taken (simulating is refused). Set it to btcpay.',
    )
  }

  app.post(
    '/crypto/charge',
    {
      ...rateLimited(RATE_LIMITS.payments.charge),
      preValidation: app.requireUser,
      schema: {
        tags: ['payments'],
        security: [{ bearerAuth: [] }],
        description:
          `Creates a crypto charge. The server prices post (${formatCad(FEES_CENTS.post)}) and bump ` +
          `(${formatCad(FEES_CENTS.bump)}) itself and ignores the client's amount; a topup takes ` +
          `amount in CAD dollars, at least ${formatCad(MIN_TOPUP_CENTS)}. metadata.draft (the ad ` +
          `being posted, at most ${MAX_DRAFT_BYTES / 1024} KB of JSON) is kept with the charge. A post ` +
          'or bump must name your ad in listingId (from POST /api/ads; 400 without one) and is checked ' +
          'now: 404 if it is not your ad, 409 if it cannot take the fee (already live, removed, under ' +
          'review); once paid, it takes effect exactly once, as a wallet payment would.',
        body: CreateChargeRequestSchema,
        response: {
          200: CreateChargeResponseSchema,
          409: ErrorSchema,
          413: ErrorSchema,
          502: ErrorSchema,
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const { chargeType, listingId, metadata } = request.body
      const amountCents = chargeAmountCents(chargeType, request.body.amount)
      if (amountCents === null) throw new ApiError(400, 'wallet.min_topup')
      const draft = metadata?.draft ?? null
      checkDraft(draft)
      if (chargeType !== 'topup') {
        // an invoice for an ad that cannot take the fee would only turn into a wallet credit later
        const target = feeAdId(listingId)
        if (!('adId' in target)) throw new ApiError(target.statusCode, target.reason)
        const payable = await checkAdPayable(
          app.database.db,
          target.adId,
          request.user.id,
          chargeType,
          app.clock.now(),
        )
        if (!payable.applied) throw new ApiError(payable.statusCode, payable.reason)
      }
      const description =
        request.body.description ||
        (chargeType === 'topup'
          ? `Wallet top-up ${formatCad(amountCents)}`
          : DEFAULT_DESCRIPTIONS[chargeType])
      return payments().createCharge({
        userId: request.user.id,
        chargeType,
        amountCents,
        description,
        listingId: listingId ?? null,
        draft,
      })
    },
  )

  app.get(
    '/crypto/charge/:chargeId/status',
    {
      // public and each call asks the provider: a bound per IP keeps a scraper from spending our
      // provider quota (the pay page polls every few seconds, far below it)
      ...rateLimited(RATE_LIMITS.payments.chargeStatus),
      schema: {
        tags: ['payments'],
        description:
          `Public: the charge id (${CHARGE_ID_BITS} random bits) is the only key, so the pay page can poll it. Re-reads ` +
          'the provider on every call and fulfils the charge once it is settled.',
        params: ChargeIdParamsSchema,
        response: { 200: ChargeStatusResponseSchema, 502: ErrorSchema, ...errorResponses },
      },
    },
    async (request) => {
      const service = payments()
      const row = await service.findCharge(request.params.chargeId)
      if (!row) throw new ApiError(404, 'payment.charge_not_found')
      const { row: current, charge } = await service.refresh(row)
      return toChargeView(current, charge)
    },
  )

  // Webhooks need the exact bytes that were signed, so JSON is kept raw in this context only.
  await app.register(async (plain) => {
    const hooks = plain.withTypeProvider<ZodTypeProvider>()
    hooks.removeContentTypeParser('application/json')
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    )

    for (const provider of ['btcpay', 'sandbox'] as const) {
      hooks.post(
        `/webhooks/${provider}`,
        {
          bodyLimit: WEBHOOK_BODY_LIMIT,
          schema: {
            tags: ['payments'],
            description:
              provider === 'btcpay'
                ? 'BTCPay Server webhook, signed `BTCPay-Sig: sha256=<hex HMAC-SHA256 of the raw body>`.'
                : 'Sandbox provider webhook, signed `Sandbox-Sig: sha256=<hex HMAC-SHA256 of the raw body>`.',
            response: { 200: z.object({ ok: z.literal(true), duplicate: z.boolean() }), ...errorResponses },
          },
        },
        async (request) => {
          const service = payments()
          if (service.provider.name !== provider)
            throw new ApiError(404, 'payment.provider_disabled', { provider })
          if (!Buffer.isBuffer(request.body)) throw new ApiError(400, 'payment.webhook_not_json')
          const { duplicate } = await service.handleWebhook(request.body, request.headers)
          return { ok: true as const, duplicate }
        },
      )
    }
  })

  // The sandbox provider's hosted invoice page and its two simulate actions.
  await app.register(async (plain) => {
    const sandbox = plain.withTypeProvider<ZodTypeProvider>()
    // the page's plain HTML forms post an empty urlencoded body
    sandbox.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, _b, done) =>
      done(null, {}),
    )
    const sandboxProvider = (): SandboxProvider => {
      const { provider } = payments()
      if (!(provider instanceof SandboxProvider))
        throw new ApiError(404, 'payment.provider_disabled', { provider: 'sandbox' })
      return provider
    }

    sandbox.get(
      '/sandbox/:invoiceId',
      { schema: { tags: ['payments'], hide: true, params: InvoiceParamsSchema } },
      async (request, reply) => {
        const provider = sandboxProvider()
        const invoice = await provider.getInvoice(request.params.invoiceId)
        if (!invoice) throw new ApiError(404, 'payment.invoice_not_found')
        const charge = await provider.getCharge(invoice.id)
        return reply
          .header('cache-control', 'no-store')
          .type('text/html; charset=utf-8')
          .send(
            renderSandboxPage(
              invoice,
              charge,
              pageLanguage(request, new URL(request.url, 'http://localhost')),
            ),
          )
      },
    )

    for (const [action, outcome, event] of [
      ['pay', 'COMPLETED', 'InvoiceSettled'],
      ['expire', 'EXPIRED', 'InvoiceExpired'],
    ] as const) {
      sandbox.post(
        `/sandbox/:invoiceId/${action}`,
        { schema: { tags: ['payments'], hide: true, params: InvoiceParamsSchema } },
        async (request, reply) => {
          // the sandbox is for local use: in production nobody may mark an invoice paid by a click
          if (app.config.NODE_ENV === 'production') throw new ApiError(403, 'payment.simulate_disabled')
          const provider = sandboxProvider()
          const { invoiceId } = request.params
          if (!(await provider.getInvoice(invoiceId))) throw new ApiError(404, 'payment.invoice_not_found')
          if (await provider.simulate(invoiceId, outcome)) {
            // the same signed-webhook path a real processor would take
            const webhook = provider.buildWebhook(invoiceId, event)
            await payments().handleWebhook(webhook.body, webhook.headers)
          }
          return reply.redirect(`/api/payments/sandbox/${encodeURIComponent(invoiceId)}`, 303)
        },
      )
    }
  })
}

export default paymentsRoutes
