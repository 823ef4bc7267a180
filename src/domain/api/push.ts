import { z } from 'zod'

// Web Push subscriptions (issue 41's contract, docs/decisions/054-alerts.md).
export const PushPaths = {
  /** GET → {publicKey}: the VAPID public key, base64url */
  key: '/push/key',
  /** POST {endpoint, keys} (signed in) → 201; DELETE {endpoint} → 204 */
  subscriptions: '/push/subscriptions',
} as const

const base64url = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, 'base64url')

export const PushKeySchema = z.object({ publicKey: z.string() })

export const PushSubscriptionCreateSchema = z.object({
  endpoint: z.string().url().max(2000),
  keys: z.object({ p256dh: base64url.max(200), auth: base64url.max(100) }),
})
export type PushSubscriptionCreate = z.infer<typeof PushSubscriptionCreateSchema>

export const PushSubscriptionDeleteSchema = z.object({ endpoint: z.string().max(2000) })

/** What a notification carries once decrypted: `url` a path on this site. */
export const PushPayloadSchema = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  /** One notification per tag on a device: a push sent again (a retry) replaces, never adds. */
  tag: z.string().optional(),
})
export type PushPayload = z.infer<typeof PushPayloadSchema>
