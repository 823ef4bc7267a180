// Many payments at once while one process is killed: none lost, none taken twice.
import { randomBytes } from 'node:crypto'
import type pg from 'pg'
import { type Person, payFromWallet, type Site } from './journeys.ts'
import { killHard, waitUntil } from './processes.ts'
import { check, FEES, type Note, payingMember } from './step-tools.ts'
import type { Topology } from './topology.ts'

// answers that settle a payment: anything else (a proxy's 502/503, a cut connection) is retried
const DEFINITIVE = new Set([200, 402, 404, 409, 422])

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
  // one ad each: bumps of one ad are spaced (src/domain/bump-spacing.ts), so of a member's burst
  // exactly one is charged and every other is refused 409 with nothing charged, whichever process
  // answered it and whichever died: a lost or a doubled bump shows in the count and the ledger
  const affordable = 1
  for (const row of rows.rows) {
    const mine = payments.filter((p) => p.person.email === row.email)
    const paid = mine.filter((p) => p.status === 200).length
    const short = mine.filter((p) => p.status === 409).length
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
      `${row.email}: ${paid} paid and ${short} refused as bumped recently, expected ${affordable} and ${PER_USER - affordable}`,
    )
    check(
      row.balance === balance - paid * FEES.bump && row.balance >= 0,
      `${row.email}: balance ${row.balance}`,
    )
  }
  note(
    `each member: ${affordable} bump paid, ${PER_USER - affordable} refused as bumped recently, balance = ledger; 0 lost, 0 doubled`,
  )
}
