import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Clock } from '#server/clock.ts'
import type { AdStatsCounter } from './ad-stats-counter.ts'

// The view beacon answered before Fastify sees it (docs/decisions/053-ad-stats.md): at 1,000 beacons a
// second, a full Fastify request (hooks, headers, metrics, logging) cost the server 137 µs each, 14 % of
// a core; this costs what Node's HTTP parsing costs. Anything else on that path (a body, a bad id, a
// bad device id) goes on to the Fastify route, which answers it as every route does.

const VIEW_URL = /^\/api\/ads\/([0-9a-z]{12})\/view(?:\?d=([A-Za-z0-9_-]{8,64}))?$/

/** Who a view is from: the device's random id, else (no JavaScript storage) the address and browser. */
export function viewerKey(
  device: string | undefined,
  address: string,
  userAgent: string | undefined,
): string {
  return device ? `d:${device}` : `a:${address} ${userAgent ?? ''}`
}

/** Counts and answers a plain view beacon (204); false for any other request. */
export function answerViewBeacon(
  counter: AdStatsCounter,
  clock: Clock,
  req: IncomingMessage,
  res: ServerResponse,
): boolean {
  if (req.method !== 'POST' || !req.url?.startsWith('/api/ads/')) return false
  const match = VIEW_URL.exec(req.url)
  const adId = match?.[1]
  if (!adId) return false
  if (req.headers['transfer-encoding'] !== undefined || (req.headers['content-length'] ?? '0') !== '0')
    return false
  // the socket's address: behind a proxy it is the proxy's, so a device without an id is counted
  // less, never more; the app always sends one
  counter.countView(
    adId,
    viewerKey(match[2], req.socket.remoteAddress ?? '', req.headers['user-agent']),
    clock.now(),
  )
  res.writeHead(204, { 'cache-control': 'no-store' })
  res.end()
  return true
}
