import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { jsonHeaders } from './client.ts'
import {
  balanceCents,
  createAd,
  expectStatus,
  type Person,
  payFromWallet,
  photo,
  type Site,
  signUp,
  topUp,
  uploadPhoto,
} from './journeys.ts'
import { killHard, waitUntil } from './processes.ts'
import type { Topology } from './topology.ts'

// The cluster test's steps (scripts/test-cluster.ts runs them in order and reports each).

type Note = (line: string) => void
export type Step = (name: string, run: (note: Note) => Promise<void>) => Promise<boolean>

const FEES = { post: 200, bump: 100 }
// answers that settle a payment: anything else (a proxy's 502/503, a cut connection) is retried
const DEFINITIVE = new Set([200, 402, 404, 409, 422])

function check(condition: boolean, message: string): void {
  if (!condition) throw new Error(message)
}

async function directJson<T>(url: string, token?: string): Promise<{ status: number; body: T | undefined }> {
  const res = await fetch(url, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    signal: AbortSignal.timeout(10_000),
  })
  const text = await res.text()
  return {
    status: res.status,
    body: res.headers.get('content-type')?.includes('json') ? (JSON.parse(text) as T) : undefined,
  }
}

async function directBytes(url: string): Promise<Buffer> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) })
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`)
  return Buffer.from(await res.arrayBuffer())
}

/** Signs up, tops up and publishes one ad, so the person can pay bumps from the wallet. */
async function payingMember(
  site: Site,
  label: string,
  dollars: number,
): Promise<{ person: Person; adId: string }> {
  const person = await signUp(site, label)
  await topUp(site, person, dollars)
  const adId = await createAd(site, person, `Cluster ad of ${label}`)
  expectStatus(await payFromWallet(site, person, { type: 'post', listingId: adId }), 200, 'posting fee')
  return { person, adId }
}

export async function journeys(step: Step, t: Topology, site: Site): Promise<void> {
  let person: Person | undefined
  let adId = ''
  let photoIdOfAd = ''
  const signedUp = await step(
    'sign up: the mail reaches the SMTP receiver, its link verifies the account',
    async (note) => {
      person = await signUp(site, 'journey')
      note(`${person.email} verified through the mailed link and signed in`)
    },
  )
  const names = [
    'top up by BTCPay (signed webhook through HAProxy): both processes show the balance',
    'post an ad with a photo, paid from the wallet',
    'the other process serves the ad, its photo and the listing',
  ]
  if (!signedUp || !person) {
    for (const name of names) await step(name, async () => Promise.reject(new Error('no signed-up person')))
    return
  }
  const who = person
  const toppedUp = await step(names[0] ?? '', async (note) => {
    await topUp(site, who, 30)
    for (const app of t.apps) {
      const seen = await directJson<{ balance_cad: number }>(`${app.direct}/api/wallet`, who.token)
      check(seen.status === 200 && seen.body?.balance_cad === 30, `${app.name} shows ${JSON.stringify(seen)}`)
    }
    note('$30.00 on both processes')
  })
  const posted =
    toppedUp &&
    (await step(names[1] ?? '', async (note) => {
      const photoId = await uploadPhoto(site, who, await photo(7))
      photoIdOfAd = photoId
      adId = await createAd(site, who, 'Vintage silk robe, cluster edition', [photoId])
      expectStatus(
        await payFromWallet(site, who, { type: 'post', listingId: adId }, randomBytes(8).toString('hex')),
        200,
        'posting fee',
      )
      check((await balanceCents(site, who)) === 3000 - FEES.post, 'the posting fee was not taken once')
      note(`ad ${adId} live with photo ${photoId}; balance $28.00`)
    }))
  if (!posted) {
    await step(names[2] ?? '', async () => Promise.reject(new Error('no ad was posted')))
    return
  }
  await step(names[2] ?? '', async (note) => {
    // a new advertiser's photo waits for an admin's review (docs/decisions/032-photo-review.md): hidden
    // on both processes, approved through the proxy, then served by both
    for (const app of t.apps) {
      const ad = await directJson<{ images: string[]; photosUnderReview?: number }>(
        `${app.direct}/api/ads/${adId}`,
      )
      check(
        ad.status === 200 && ad.body?.images.length === 0 && ad.body?.photosUnderReview === 1,
        `${app.name}: before review the ad answered ${ad.status} ${JSON.stringify(ad.body)}`,
      )
    }
    const login = await site.client.send('POST', '/api/admin/login', {
      headers: jsonHeaders(),
      body: JSON.stringify(t.admin),
    })
    const adminToken = expectStatus(login, 200, 'admin sign-in').json<{ token: string }>().token
    expectStatus(
      await site.client.send('POST', `/api/admin/photos/${photoIdOfAd}/approve`, {
        headers: jsonHeaders(adminToken),
        body: '{}',
      }),
      204,
      'photo approval',
    )
    const served: Buffer[] = []
    for (const app of t.apps) {
      const ad = await directJson<{ images: string[]; title: string }>(`${app.direct}/api/ads/${adId}`)
      check(ad.status === 200 && ad.body?.images.length === 1, `${app.name}: the ad answered ${ad.status}`)
      served.push(await directBytes(`${app.direct}${new URL(ad.body?.images[0] ?? '', app.direct).pathname}`))
      const list = await directJson<{ items: { id: string }[] }>(
        `${app.direct}/api/ads?province=QC&category=adult-buy-sell`,
      )
      check(list.body?.items.some((item) => item.id === adId) === true, `${app.name} does not list the ad`)
    }
    check(
      served[0]?.equals(served[1] ?? Buffer.alloc(0)) === true,
      'the two processes serve different photo bytes',
    )
    check((served[0]?.length ?? 0) > 1000, 'the photo served is empty')
    note(
      `both processes list the ad and serve its photo (${served[0]?.length} bytes of WebP from the shared bucket)`,
    )
  })
}

interface Payment {
  person: Person
  adId: string
  key: string
  status?: number
  attempts: number
}

/** Sends one payment until it gets an answer that settles it, with the same Idempotency-Key each time. */
async function payUntilSettled(site: Site, payment: Payment, failures: Map<string, number>): Promise<void> {
  const deadline = Date.now() + 90_000
  for (;;) {
    payment.attempts++
    let seen: string
    try {
      const answer = await payFromWallet(
        site,
        payment.person,
        { type: 'bump', listingId: payment.adId },
        payment.key,
      )
      if (DEFINITIVE.has(answer.status)) {
        payment.status = answer.status
        return
      }
      seen = String(answer.status)
    } catch (error) {
      seen =
        error instanceof Error && /socket|ECONN|EPIPE|hang up/i.test(error.message)
          ? 'cut connection'
          : 'no answer'
    }
    failures.set(seen, (failures.get(seen) ?? 0) + 1)
    if (Date.now() > deadline) throw new Error(`payment ${payment.key} never settled (last: ${seen})`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

export async function burstWithKill(t: Topology, site: Site, db: pg.Pool, note: Note): Promise<void> {
  const USERS = 4
  const PER_USER = 25
  const PER_USER_AT_ONCE = 4
  const balance = 2500 - FEES.post
  const members = await Promise.all(
    Array.from({ length: USERS }, (_, i) => payingMember(site, `burst${i}`, balance / 100 + FEES.post / 100)),
  )
  note(
    `${USERS} members with $${balance / 100} each and a live ad; ${USERS * PER_USER} bumps of $1, ${PER_USER_AT_ONCE} at a time each`,
  )
  const payments: Payment[] = members.flatMap(({ person, adId }) =>
    Array.from({ length: PER_USER }, () => ({
      person,
      adId,
      key: randomBytes(12).toString('hex'),
      attempts: 0,
    })),
  )
  const failures = new Map<string, number>()
  const victim = t.apps.find((app) => app.name === 'app1')
  if (!victim) throw new Error('no app1')
  let answered = 0
  let killedAt = 0
  const start = performance.now()
  const kill = async () => {
    killedAt = performance.now()
    await killHard(victim.service)
    note(`app1 killed with SIGKILL after ${answered} of ${payments.length} payments had settled`)
  }
  let killing: Promise<void> | undefined
  await Promise.all(
    members.map(async ({ person }) => {
      const mine = payments.filter((p) => p.person === person)
      const workers = Array.from({ length: PER_USER_AT_ONCE }, async () => {
        for (let next = mine.shift(); next; next = mine.shift()) {
          await payUntilSettled(site, next, failures)
          answered++
          if (answered >= payments.length / 5 && !killing) killing = kill()
        }
      })
      await Promise.all(workers)
    }),
  )
  await killing
  note(
    `every payment settled in ${((performance.now() - start) / 1000).toFixed(1)} s; retried answers: ${
      failures.size === 0 ? 'none' : [...failures].map(([what, n]) => `${what} ×${n}`).join(', ')
    }`,
  )
  const outTook = await waitUntil(
    'HAProxy taking app1 out',
    async () => (await t.proxyStatus()).get('app1')?.startsWith('DOWN') === true,
    15_000,
  )
  note(
    `HAProxy had app1 DOWN ${((performance.now() - killedAt) / 1000).toFixed(1)} s after the kill (checked ${(outTook / 1000).toFixed(1)} s after the burst)`,
  )

  const rows = await db.query<{
    email: string
    balance: number
    ledger: number
    bumps: number
    keys: number
  }>(
    `SELECT u.email, w.balance_cents AS balance,
            (SELECT coalesce(sum(amount_cents) FILTER (WHERE type IN ('topup', 'credit')), 0)
                  - coalesce(sum(amount_cents) FILTER (WHERE type IN ('post', 'bump') AND method = 'wallet'), 0)
               FROM wallet_transactions t WHERE t.user_id = u.id)::int AS ledger,
            (SELECT count(*) FROM wallet_transactions t WHERE t.user_id = u.id AND t.type = 'bump')::int AS bumps,
            (SELECT count(DISTINCT idempotency_key) FROM wallet_transactions t
              WHERE t.user_id = u.id AND t.type = 'bump')::int AS keys
       FROM users u JOIN wallets w ON w.user_id = u.id WHERE u.email = ANY($1)`,
    [members.map((m) => m.person.email)],
  )
  check(rows.rows.length === USERS, `found ${rows.rows.length} of ${USERS} wallets`)
  const affordable = Math.floor(balance / FEES.bump)
  for (const row of rows.rows) {
    const mine = payments.filter((p) => p.person.email === row.email)
    const paid = mine.filter((p) => p.status === 200).length
    const short = mine.filter((p) => p.status === 402).length
    check(
      row.balance === row.ledger,
      `${row.email}: balance ${row.balance} but the ledger says ${row.ledger}`,
    )
    check(
      row.bumps === paid,
      `${row.email}: ${paid} payments answered 200 but the ledger has ${row.bumps} (lost or doubled)`,
    )
    check(row.keys === row.bumps, `${row.email}: an Idempotency-Key was charged twice`)
    check(
      paid === affordable && short === PER_USER - affordable,
      `${row.email}: ${paid} paid and ${short} refused, expected ${affordable} and ${PER_USER - affordable}`,
    )
    check(
      row.balance === balance - paid * FEES.bump && row.balance >= 0,
      `${row.email}: balance ${row.balance}`,
    )
  }
  note(
    `each member: ${affordable} paid, ${PER_USER - affordable} refused for balance, balance $0.00 = ledger; 0 lost, 0 doubled`,
  )
}

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
    for (const app of t.apps) {
      const took = await waitUntil(
        `${app.name} answering a signed-in wallet read`,
        async () => {
          if (!app.service.alive()) throw new Error(`${app.name} died:\n${app.service.tail(15)}`)
          return (await directJson(`${app.direct}/api/wallet`, person.token)).status === 200
        },
        BOUND_MS,
        100,
      ).catch((error: unknown) => {
        throw new Error(
          `${error instanceof Error ? error.message : String(error)}${app.service.alive() ? '' : `\n${app.service.tail(15)}`}`,
        )
      })
      note(
        `${app.name} answered again ${(took / 1000).toFixed(1)} s after the restart (bound ${BOUND_MS / 1000} s)`,
      )
    }
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

export async function metricsScrape(t: Topology, note: Note): Promise<void> {
  const scrape = await t.client.send('GET', '/metrics', {
    headers: { authorization: `Bearer ${t.metricsToken}` },
  })
  const text = expectStatus(scrape, 200, 'metrics').body.toString('utf8')
  for (const series of [
    'maple_http_requests_total{',
    'maple_db_pool_connections ',
    'maple_change_feed_subscribed 1',
    'maple_mail_outbox_waiting ',
  ]) {
    check(text.includes(series), `no ${series.trim()} in the scrape`)
  }
  expectStatus(await t.client.send('GET', '/metrics'), 401, 'metrics without a token')
  note('pool, change feed, outbox and request series present; 401 without a token')
}
