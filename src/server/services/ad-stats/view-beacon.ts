import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Clock } from '#server/clock.ts'
import type { AdStatsCounter } from './ad-stats-counter.ts'

// The view beacon answered before Fastify sees it (docs/decisions/053-ad-stats.md): at 1,000 beacons a
// second, a full Fastify request (hooks, headers, metrics, logging) cost the server 137 µs each, 14 % of
// a core; this costs what Node's HTTP parsing costs. Anything else on that path (a body, a bad id, a
// bad device id) goes on to the Fastify route, which answers it as every route does.

// `ads` as AD_VIEWS_PATTERN (#domain/api/ad-stats.ts) has it, `d` as AdsPaths.viewDevicePattern: the
// order the app writes them in; any other spelling goes on to the route
const VIEWS_URL =
  /^\/api\/ads\/views\?ads=((?:[0-9a-z]{12}\.){0,19}[0-9a-z]{12})(?:&d=([A-Za-z0-9_-]{8,64}))?$/

/** Who a view is from: the device's random id, else (no JavaScript storage) the address and browser. */
export function viewerKey(
  device: string | undefined,
  address: string,
  userAgent: string | undefined,
): string {
  return device ? `d:${device}` : `a:${address} ${userAgent ?? ''}`
}

/** Counts one view of each ad a beacon names (each ad once). */
export function countViews(counter: AdStatsCounter, adIds: string, visitor: string, now: Date): void {
  for (const adId of new Set(adIds.split('.'))) counter.countView(adId, visitor, now)
}

/** Counts and answers a plain view beacon (204); false for any other request. */
export function answerViewBeacon(
  counter: AdStatsCounter,
  clock: Clock,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'POST' || !req.url?.startsWith('/api/ads/views?')) return false
  const match = VIEWS_URL.exec(req.url)
  const adIds = match?.[1]
  if (!adIds) return false
  if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0')
    return false
  // the socket's address: behind a proxy it is the proxy's, so a device without an id is counted
  // less, never more; the app always sends one
  countViews(
    counter,
    adIds,
    viewerKey(match[2], req.socket.remoteAddress ?? '', req.headers['user-agent']),
    clock.now(),
  )
  res.writeHead(204, { 'cache-control': 'no-store' })
  res.end()
  return true
}
