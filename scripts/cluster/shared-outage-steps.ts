// Outages of what every process shares, behind HAProxy (issue 43 items 1 and 2, decision 041): the
// media store and PostgreSQL stop for a while under a mix of traffic, and each answer is counted by
// route. A shared dependency's outage must not unready the processes (HAProxy's own 503 has no
// Retry-After): the app answers what needs the dependency with its 503 and Retry-After, and
// everything else as usual.
import { jsonHeaders } from './client.ts'
import { photo, type Site, uploadPhoto } from './journeys.ts'
import { waitUntil } from './processes.ts'
import { check, type Note, payingMember, walletReadsBack } from './step-tools.ts'
import type { Topology } from './topology.ts'

const OUTAGE_MS = 8_000
const BOUND_MS = 30_000

interface Route {
  name: string
  method: 'GET' | 'POST'
  path: string
  headers?: Record<string, string>
  body?: string
}

/** Answers by route: status, with `503 (no Retry-After)` for a 503 that names no retry (the balancer's). */
type Tally = Map<string, Map<string, number>>

function count(tally: Tally, route: string, seen: string): void {
  const byStatus = tally.get(route) ?? new Map<string, number>()
  byStatus.set(seen, (byStatus.get(seen) ?? 0) + 1)
  tally.set(route, byStatus)
}

function describe(tally: Tally): string {
  return [...tally]
    .map(([route, byStatus]) => `${route}: ${[...byStatus].map(([s, n]) => `${s} ×${n}`).join(', ')}`)
    .join('; ')
}

/** Sends the routes round and round until stopped, counting what came back; HAProxy's view too. */
function traffic(t: Topology, routes: readonly Route[]) {
  const tally: Tally = new Map()
  const proxy = new Map<string, number>()
  let stop = false
  const run = (async () => {
    for (let i = 0; !stop; i++) {
      const route = routes[i % routes.length] as Route
      let seen: string
      try {
        const res = await t.client.send(route.method, route.path, {
          headers: route.headers,
          body: route.body,
          timeoutMs: 15_000,
        })
        seen =
          res.status === 503 && res.headers['retry-after'] === undefined
            ? '503 (no Retry-After)'
            : String(res.status)
      } catch {
        seen = 'no answer'
      }
      count(tally, route.name, seen)
      if (i % routes.length === 0) {
        for (const [server, status] of await t.proxyStatus().catch(() => new Map<string, string>()))
          proxy.set(`${server} ${status}`, (proxy.get(`${server} ${status}`) ?? 0) + 1)
      }
      await new Promise((resolve) => setTimeout(resolve, 40))
    }
  })()
  return {
    tally,
    proxy,
    stop: async () => {
      stop = true
      await run
    },
  }
}

/**
 * The routes of the mix: a member's photo and wallet, a listing, a page, a static file, health.
 * Sign-in is tried once in the middle of an outage instead: its limit (10 a minute) is not the test.
 */
async function mixOf(t: Topology, site: Site, label: string) {
  const { person } = await payingMember(site, label, 5)
  const photoId = await uploadPhoto(site, person, await photo(11))
  const routes: Route[] = [
    { name: 'listing API', method: 'GET', path: '/api/ads?province=ON&category=adult-buy-sell' },
    { name: 'wallet', method: 'GET', path: '/api/wallet', headers: jsonHeaders(person.token) },
    { name: 'photo', method: 'GET', path: `/media/${photoId}/320.webp`, headers: jsonHeaders(person.token) },
    { name: 'listing page', method: 'GET', path: '/ca/ON/adult-buy-sell' },
    { name: 'static file', method: 'GET', path: '/manifest.webmanifest' },
    { name: 'health', method: 'GET', path: '/healthz' },
  ]
  // every process has the page and the listing kept before the outage (round robin: ask twice each)
  for (const route of routes)
    for (let i = 0; i < 2 * t.apps.length; i++)
      await site.client.send(route.method, route.path, { headers: route.headers })
  return { person, routes }
}

/** One sign-in through HAProxy, as its status (a 503 without Retry-After named as such). */
async function signIn(t: Topology, email: string, password: string): Promise<string> {
  const res = await t.client.send('POST', '/api/auth/login', {
    headers: jsonHeaders(),
    body: JSON.stringify({ email, password }),
    timeoutMs: 15_000,
  })
  return res.status === 503 && res.headers['retry-after'] === undefined
    ? '503 (no Retry-After)'
    : String(res.status)
}

function only(tally: Tally, route: string, allowed: readonly string[]): boolean {
  return [...(tally.get(route) ?? new Map<string, number>()).keys()].every((status) =>
    allowed.includes(status),
  )
}

export async function mediaStoreOutage(t: Topology, site: Site, note: Note): Promise<void> {
  const { person, routes } = await mixOf(t, site, 'media-outage')
  const load = traffic(t, routes)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  await t.mediaStore.stop()
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2))
  const signedIn = await signIn(t, person.email, person.password)
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2))
  await t.mediaStore.start()
  const photoRoute = routes.find((route) => route.name === 'photo') as Route
  try {
    const took = await waitUntil(
      'the photo served again',
      async () =>
        (await t.client.send('GET', photoRoute.path, { headers: jsonHeaders(person.token) })).status === 200,
      BOUND_MS,
      200,
    )
    note(`the photo was served again ${(took / 1000).toFixed(1)} s after the store came back`)
  } finally {
    await load.stop()
  }
  note(`answers during an ${OUTAGE_MS / 1000} s media store outage: ${describe(load.tally)}`)
  note(`HAProxy's view, sampled: ${[...load.proxy].map(([s, n]) => `${s} ×${n}`).join(', ')}`)
  note(`a sign-in in the middle of the outage answered ${signedIn}`)
  check(signedIn === '200', `a sign-in answered ${signedIn} while only the media store was down`)
  for (const route of routes.filter((r) => r.name !== 'photo'))
    check(only(load.tally, route.name, ['200']), `${route.name} failed while only the media store was down`)
  check(
    only(load.tally, 'photo', ['200', '503']),
    'the photo answered other than 200 or 503 with Retry-After',
  )
  check(
    (load.tally.get('photo')?.get('503') ?? 0) > 0,
    'the photo never answered 503 while the store was down',
  )
  check(
    ![...load.proxy.keys()].some((s) => !s.endsWith(' UP')),
    'HAProxy took a process out for the media store',
  )
}

export async function databaseOutage(t: Topology, site: Site, note: Note): Promise<void> {
  const { person, routes } = await mixOf(t, site, 'db-outage')
  const load = traffic(t, routes)
  await new Promise((resolve) => setTimeout(resolve, 1_000))
  t.postgres.stop()
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2))
  const signedIn = await signIn(t, person.email, person.password)
  await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS / 2))
  const back = performance.now()
  await t.postgres.start()
  try {
    for (const { name, tookMs } of await walletReadsBack(t, person.token, BOUND_MS))
      note(`${name} answered again ${(tookMs / 1000).toFixed(1)} s after PostgreSQL was started`)
  } finally {
    await load.stop()
  }
  note(`PostgreSQL back ${((performance.now() - back) / 1000).toFixed(1)} s before the last check`)
  note(`answers during an ${OUTAGE_MS / 1000} s PostgreSQL outage: ${describe(load.tally)}`)
  note(`HAProxy's view, sampled: ${[...load.proxy].map(([s, n]) => `${s} ×${n}`).join(', ')}`)
  note(`a sign-in in the middle of the outage answered ${signedIn}`)
  check(
    signedIn === '503',
    `a sign-in answered ${signedIn} while the database was down (503 with Retry-After)`,
  )
  const statuses = [...load.tally.values()].flatMap((byStatus) => [...byStatus.keys()])
  check(
    !statuses.includes('503 (no Retry-After)'),
    'a 503 without Retry-After: the balancer answered, not the app',
  )
  check(!statuses.includes('500'), 'a database outage was answered 500')
  check(!statuses.includes('no answer'), 'a request got no answer during the database outage')
  for (const name of ['listing page', 'static file', 'health'])
    check(only(load.tally, name, ['200']), `${name} failed while only the database was down`)
  check(
    ![...load.proxy.keys()].some((s) => !s.endsWith(' UP')),
    'HAProxy took a process out for the database',
  )
}
