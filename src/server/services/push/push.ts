import { createHash } from 'node:crypto'
import { lookup } from 'node:dns/promises'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import type { Agent } from 'node:https'
import { BlockList, isIP } from 'node:net'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import webpush from 'web-push'
import type { PushPayload, PushSubscriptionCreate } from '#domain/api/push.ts'
import type { Db } from '#server/db/client.ts'
import { pushSubscriptions } from '#server/db/schema/alerts.ts'
import { ApiError } from '#server/errors.ts'

// Web Push (docs/decisions/054-alerts.md): VAPID keys, the devices' subscriptions, and one send
// through the `web-push` library (RFC 8291 aes128gcm, RFC 8292 VAPID).

export interface Vapid {
  publicKey: string
  privateKey: string
  subject: string
}

const VAPID_FILE = 'vapid-keys.json'

/**
 * The VAPID pair: from the environment; else, outside production, one made and kept in DATA_DIR (or
 * for this process alone when the data lives in memory). Null when PUSH=off, or in production without
 * keys (which config.ts refuses at start while PUSH=on).
 */
export async function loadVapid(config: {
  NODE_ENV: string
  PUSH: 'on' | 'off'
  DATA_DIR: string
  VAPID_PUBLIC_KEY?: string
  VAPID_PRIVATE_KEY?: string
  VAPID_SUBJECT: string
}): Promise<Vapid | null> {
  const subject = config.VAPID_SUBJECT
  if (config.PUSH === 'off') return null
  if (config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY)
    return { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY, subject }
  if (config.NODE_ENV === 'production') return null
  if (config.DATA_DIR.startsWith('memory://')) return { ...webpush.generateVAPIDKeys(), subject }
  const file = join(config.DATA_DIR, VAPID_FILE)
  try {
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string }
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const made = webpush.generateVAPIDKeys()
  await mkdir(config.DATA_DIR, { recursive: true })
  try {
    // 'wx': two processes starting on one DATA_DIR at once keep the first one's pair
    await writeFile(file, JSON.stringify(made), { flag: 'wx', mode: 0o600 })
    return { ...made, subject }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    const kept = JSON.parse(await readFile(file, 'utf8')) as { publicKey: string; privateKey: string }
    return { ...kept, subject }
  }
}

// loopback, private, link-local, carrier-grade NAT, unspecified, multicast and their IPv6 kin
const NOT_PUBLIC = new BlockList()
for (const [net, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv4')
for (const [net, bits] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const)
  NOT_PUBLIC.addSubnet(net, bits, 'ipv6')

function isPublic(address: string): boolean {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4'
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1]
  if (mapped) return !NOT_PUBLIC.check(mapped, 'ipv4')
  return !NOT_PUBLIC.check(address, family)
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1'
}

/**
 * A push endpoint is a URL the server will POST to, so it is checked after DNS resolution: in
 * production only https to public addresses; elsewhere loopback too (tests play the push service).
 * Every address the name resolves to must pass, so a name with one private record is refused.
 */
export async function checkEndpoint(endpoint: string, production: boolean): Promise<void> {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    throw new ApiError(400, 'push.bad_endpoint')
  }
  if (url.protocol !== 'https:') throw new ApiError(400, 'push.bad_endpoint')
  const host = url.hostname.replace(/^\[|\]$/g, '')
  let addresses: string[]
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address)
  } catch {
    throw new ApiError(400, 'push.bad_endpoint')
  }
  const allowed = (a: string) => isPublic(a) || (!production && isLoopback(a))
  if (addresses.length === 0 || !addresses.every(allowed)) throw new ApiError(400, 'push.bad_endpoint')
}

/** Keeps a device's subscription for the user; the same endpoint again moves it to this user's keys. */
export async function saveSubscription(db: Db, userId: string, input: PushSubscriptionCreate): Promise<void> {
  await db
    .insert(pushSubscriptions)
    .values({ userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: { userId, p256dh: input.keys.p256dh, auth: input.keys.auth },
    })
}

export async function deleteSubscription(db: Db, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
}

export interface PushTarget {
  endpoint: string
  p256dh: string
  auth: string
}

/** How long one push service has to answer. */
export const PUSH_TIMEOUT_MS = 10_000

/** A push's Topic (RFC 8030: at most 32 base64url characters), the same for every push of `name`. */
export function pushTopic(name: string): string {
  return createHash('sha256').update(name).digest('base64url').slice(0, 32)
}

/**
 * Sends one notification; answers 'gone' when the push service says the subscription no longer
 * exists (404, 410), so the caller deletes it. Other failures throw (the job retries).
 */
export async function sendPush(
  vapid: Vapid,
  target: PushTarget,
  payload: PushPayload,
  options: { agent?: Agent | undefined; topic?: string } = {},
): Promise<'sent' | 'gone'> {
  try {
    await webpush.sendNotification(
      { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: vapid,
        TTL: 24 * 60 * 60,
        contentEncoding: 'aes128gcm',
        timeout: PUSH_TIMEOUT_MS,
        // RFC 8030 5.4: the push service replaces a message it still holds with a newer one of the
        // same topic, so a retry never queues a second notification on a device that was offline
        ...(options.topic ? { topic: options.topic } : {}),
        ...(options.agent ? { agent: options.agent } : {}),
      },
    )
    return 'sent'
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode
    if (status === 404 || status === 410) return 'gone'
    throw error
  }
}
