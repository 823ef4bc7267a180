import type { FastifyInstance } from 'fastify'
import type { ZodTypeProvider } from 'fastify-type-provider-zod'
import { HEALTHZ_PATH, LivenessSchema, READYZ_PATH, ReadinessSchema } from '#domain/api/health.ts'

/** GET /healthz (alive) and GET /readyz (ready for traffic), outside /api: deployments name these paths. */
export default async function healthRoutes(app: FastifyInstance): Promise<void> {
  const { readiness } = app
  const probes = app.withTypeProvider<ZodTypeProvider>()
  // a balancer asks every second: its requests are not worth a log line each
  const quiet = { logLevel: 'warn' as const }
  probes.get(
    HEALTHZ_PATH,
    {
      ...quiet,
      schema: {
        summary: 'Liveness: the process answers (it never looks at a dependency)',
        tags: ['health'],
        response: { 200: LivenessSchema },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store')
      return { status: 'ok' as const }
    },
  )
  probes.get(
    READYZ_PATH,
    {
      ...quiet,
      schema: {
        summary: 'Readiness: 200 when this process should get traffic, 503 with what failed otherwise',
        tags: ['health'],
        response: { 200: ReadinessSchema, 503: ReadinessSchema },
      },
    },
    async (_request, reply) => {
      const report = await readiness.report()
      return reply
        .code(report.status === 'ready' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(report)
    },
  )
}
