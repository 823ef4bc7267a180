// A process that comes back, and a database that goes away and comes back.
import { jsonHeaders } from './client.ts'
import { expectStatus, type Site } from './journeys.ts'
import { waitUntil } from './processes.ts'
import { check, type Note, payingMember, walletReadsBack } from './step-tools.ts'
import type { Topology } from './topology.ts'

async function requestsServed(app: Topology['apps'][number], token: string): Promise<number> {
  const res = await fetch(`${app.direct}/metrics`, {
    headers: { authorization: `Bearer ${token}` },
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  if (res.status !== 200) throw new Error(`${app.name} /metrics: ${res.status}`)
  let total = 0
  for (const line of text.split('\n')) {
    if (line.startsWith('maple_http_requests_total{') && line.includes('route="/api/ads"'))
      total += Number(line.split(' ').at(-1))
  }
  return total
}

export async function rejoin(t: Topology, note: Note): Promise<void> {
  const start = performance.now()
  const app = await t.startApp('app1')
  note(`app1 answering ${t.healthPath} ${((performance.now() - start) / 1000).toFixed(1)} s after its start`)
  await waitUntil(
    'HAProxy taking app1 back',
    async () => (await t.proxyStatus()).get('app1') === 'UP',
    30_000,
  )
  note(`HAProxy had app1 UP again ${((performance.now() - start) / 1000).toFixed(1)} s after its start`)
  for (let i = 0; i < 20; i++) {
    expectStatus(await t.client.send('GET', `/api/ads?province=ON&page=${1 + (i % 3)}`), 200, 'listing')
  }
  const served = await requestsServed(app, t.metricsToken)
  check(served > 0, 'the restarted app1 answered none of 20 listings sent through HAProxy')
  note(`the restarted app1 answered ${served} of 20 listings sent through HAProxy`)
}

export async function postgresRestart(t: Topology, site: Site, note: Note): Promise<void> {
  const { person } = await payingMember(site, 'restart', 5)
  const statuses = new Map<string, number>()
  let stop = false
  let sent = 0
  const traffic = (async () => {
    while (!stop) {
      sent++
      const path = sent % 2 === 0 ? '/api/wallet' : `/api/ads?province=QC&page=${1 + (sent % 5)}`
      let seen: string
      try {
        seen = String(
          (await t.client.send('GET', path, { headers: jsonHeaders(person.token), timeoutMs: 15_000 }))
            .status,
        )
      } catch {
        seen = 'no answer'
      }
      statuses.set(seen, (statuses.get(seen) ?? 0) + 1)
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  })()
  await new Promise((resolve) => setTimeout(resolve, 1_500))
  const before = performance.now()
  await t.postgres.restart()
  const restartTook = performance.now() - before
  note(`pg_ctl restart -m fast took ${(restartTook / 1000).toFixed(1)} s`)
  const BOUND_MS = 30_000
  try {
    for (const { name, tookMs } of await walletReadsBack(t, person.token, BOUND_MS))
      note(
        `${name} answered again ${(tookMs / 1000).toFixed(1)} s after the restart (bound ${BOUND_MS / 1000} s)`,
      )
    // /readyz fails while the database is away, so HAProxy may have taken both out: back within the bound
    await waitUntil(
      'HAProxy taking both processes back',
      async () => [...(await t.proxyStatus()).values()].every((status) => status === 'UP'),
      BOUND_MS,
      100,
    )
    note(
      `HAProxy had both processes UP ${((performance.now() - before - restartTook) / 1000).toFixed(1)} s after the restart`,
    )
    await new Promise((resolve) => setTimeout(resolve, 1_000))
  } finally {
    stop = true
    await traffic
  }
  const dead = t.apps.filter((app) => !app.service.alive())
  note(
    `traffic through HAProxy during the restart: ${[...statuses].map(([s, n]) => `${s} ×${n}`).join(', ')}`,
  )
  check(dead.length === 0, `${dead.map((a) => a.name).join(', ')} died`)
  check(!statuses.has('500'), 'a database outage was answered 500 (it should be 503 with Retry-After)')
}
