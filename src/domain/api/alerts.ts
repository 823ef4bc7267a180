import { z } from 'zod'

// The alerts' public routes (docs/decisions/054-alerts.md).
export const AlertsPaths = {
  /** GET or POST ?token=…: turns a search's e-mail alert off, without a session (RFC 8058) */
  unsubscribe: '/searches/unsubscribe',
} as const

export const UnsubscribeQuerySchema = z.object({ token: z.string().max(200) })

export const UnsubscribedSchema = z.object({ unsubscribed: z.literal(true) })
export type Unsubscribed = z.infer<typeof UnsubscribedSchema>
