import { z } from 'zod'

// The probes a load balancer or an orchestrator asks, outside /api
// (docs/decisions/027-health-and-draining.md). Their paths stay exactly these: deployments name them.

/** Liveness: the process's event loop answers. Never looks at a dependency. */
export const HEALTHZ_PATH = '/healthz'
/** Readiness: whether this process should be sent traffic now. */
export const READYZ_PATH = '/readyz'

export const LivenessSchema = z.object({ status: z.literal('ok') })

export const READINESS_STATUSES = ['ready', 'unready', 'draining'] as const

export const ReadinessSchema = z.object({
  /** ready: 200; unready (a check failed, start-up work pending) and draining (SIGTERM received): 503 */
  status: z.enum(READINESS_STATUSES),
  /** Each check by name ('database', 'redis', 'media store', 'start-up'): 'ok', or what failed. */
  checks: z.record(z.string(), z.string()),
})
export type Readiness = z.infer<typeof ReadinessSchema>
