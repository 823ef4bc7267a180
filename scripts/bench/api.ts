// The API figures of issue 14: for each route, the throughput it reaches, taking turns with a bare
// Fastify route (throughputBeside), and its p50/p99 at a fixed 500 requests/s beside the bare
// route's. Runs on PGlite (the goal's database) and then on a scratch PostgreSQL database. Before
// the server starts, the database gets 1,000 banned phrases (through the service the admin route
// uses, without the hold pass over the ads, which would scan every ad a thousand times) and the
// generated live ads; a user then signs up through the real API.
import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#server/db/client.ts'
import { BannedPhraseService } from '#server/services/moderation/banned-phrases.ts'
import { redisReachable } from '../../tests/support/redis.ts'
import { BULK_LIMITS, seedAds } from './ad-search.ts'
import { atFixedRate, type LoadFigures, type LoadTarget, probe, throughputBeside } from './api-load.ts'
import { benchPhrases, signUpUser } from './api-setup.ts'
import { benchPages } from './pages.ts'
import { ms, note, row, section } from './report.ts'
import { createScratchPostgres, serverEntry, startAppServer, startBareServer } from './server.ts'

export interface ApiBenchOptions {
  /** the fixed arrival rate of the latency figures (BENCH_RATE, default 500) */
  rate: number
  /** seconds of each recorded run (BENCH_SECONDS, default 10) */
  seconds: number
  /** BENCH_SKIP=postgres leaves the PostgreSQL pass out */
  postgres: boolean
  /** stops servers and drops scratch databases still up when a signal arrives */
  cleanups: (() => Promise<void> | void)[]
}

// issue 14: p99 ≤ 25 ms at 500 requests/s, and at least half the bare route's throughput
const P99_GOAL_MS = 25
const RATIO_GOAL = 0.5
const PHRASES = 1000
const ADS = Number(process.env.BENCH_API_ADS ?? 10_000)

function withCleanup<T>(cleanups: ApiBenchOptions['cleanups'], stop: () => Promise<void> | void) {
  cleanups.push(stop)
  return async (run: () => Promise<T>): Promise<T> => {
    try {
      return await run()
    } finally {
      await stop()
      cleanups.splice(cleanups.indexOf(stop), 1)
    }
  }
}

function targetsOf(base: string, token: string): LoadTarget[] {
  return [
    { label: 'GET /api/meta/cities?province=ON&q=to', url: `${base}/api/meta/cities?province=ON&q=to` },
    {
      label: `POST /api/moderation/check, ${PHRASES} phrases`,
      url: `${base}/api/moderation/check`,
      method: 'POST',
      // 60 checks a minute per client are allowed: the goal is about many visitors, not one
      manyClients: true,
      body: {
        title: 'Vintage lingerie set, barely worn',
        description: 'Pick up downtown or ship anywhere in Canada.',
      },
    },
    {
      label: `GET /api/ads?q=lingerie&province=ON&category=adult-buy-sell, ${ADS} ads`,
      url: `${base}/api/ads?q=lingerie&province=ON&category=adult-buy-sell`,
    },
    {
      label: 'GET /api/wallet/ signed in (Bearer)',
      url: `${base}/api/wallet/`,
      headers: { authorization: `Bearer ${token}` },
    },
  ]
}

/** The server's own CPU per answer beside the bare route's, when both were read. */
export function cpuText(top: LoadFigures, bare: LoadFigures): string {
  if (top.cpuUsPerAnswer === undefined || bare.cpuUsPerAnswer === undefined) return ''
  return `; server CPU ${top.cpuUsPerAnswer.toFixed(0)} µs an answer, bare ${bare.cpuUsPerAnswer.toFixed(0)} µs`
}

function report(
  db: string,
  label: string,
  top: LoadFigures,
  paced: LoadFigures,
  bare: LoadFigures,
  rate: number,
  /** a POST's baseline (issue 30): the bare POST of the same body, as a ratio of the bare GET */
  barePostRatio?: number,
) {
  const ratio = top.rps / bare.rps
  row(
    `API [${db}] ${label}: throughput`,
    `${Math.round(top.rps)} req/s = ${ratio.toFixed(2)}× bare (${Math.round(bare.rps)} req/s in turn)${cpuText(top, bare)}`,
    `≥ ${RATIO_GOAL}× bare`,
    barePostRatio === undefined ? ratio >= RATIO_GOAL : undefined,
  )
  if (barePostRatio !== undefined) {
    // both ratios are to the bare GET of their own turns: their quotient is the route against the
    // bare POST, each under the machine's speed of its own run
    const toPost = ratio / barePostRatio
    row(
      `API [${db}] ${label}: throughput against the bare POST of the same body`,
      `${toPost.toFixed(2)}× bare POST`,
      `≥ ${RATIO_GOAL}× bare POST (issue 30)`,
      toPost >= RATIO_GOAL,
    )
  }
  row(
    `API [${db}] ${label}: at ${rate} req/s`,
    `${Math.round(paced.rps)} req/s, p50 ${ms(paced.p50Ms)} / p99 ${ms(paced.p99Ms)}`,
    `p99 ≤ ${P99_GOAL_MS} ms`,
    paced.p99Ms <= P99_GOAL_MS,
  )
  for (const [what, f] of [
    ['throughput run', top],
    ['paced run', paced],
  ] as const) {
    if (f.non2xx > 0 || f.errors > 0) {
      note(
        `${db} ${label} (${what}): ${f.non2xx} non-2xx answers, ${f.errors} errors/timeouts of ${f.requests}`,
      )
    }
  }
}

/**
 * A context row, no goal: the bare route answering a POST of the same body, many clients and all,
 * beside its own GET. Reading a JSON body costs Fastify alone a share of the GET's throughput,
 * which the POST route's ratio to the bare GET includes (docs/decisions/022-moderation-check-cost.md).
 */
async function reportBarePost(
  db: string,
  bareURL: string,
  target: LoadTarget,
  bareTarget: LoadTarget,
  seconds: number,
): Promise<number> {
  const barePost = { ...target, label: 'bare Fastify POST /', url: `${bareURL}/`, pid: bareTarget.pid }
  console.log(`${barePost.label}, the same body`)
  const { top, bare } = await throughputBeside(barePost, bareTarget, seconds)
  row(
    `API [${db}] bare Fastify POST / of the same body: throughput`,
    `${Math.round(top.rps)} req/s = ${(top.rps / bare.rps).toFixed(2)}× bare GET (${Math.round(bare.rps)} req/s in turn)${cpuText(top, bare)}`,
    'context',
  )
  return top.rps / bare.rps
}

/** Phrases and ads written straight into the database, closed again before the server opens it. */
async function seedDatabase(target: { databaseUrl: string } | { dataDir: string }): Promise<void> {
  const started = performance.now()
  const database = await openDatabase(
    'databaseUrl' in target
      ? { databaseUrl: target.databaseUrl, dataDir: 'memory://', limits: BULK_LIMITS }
      : target,
  )
  try {
    const phrases = new BannedPhraseService(database.db)
    for (const phrase of benchPhrases(PHRASES)) await phrases.add(phrase)
    await seedAds(database.db, ADS)
  } finally {
    await database.close()
  }
  note(
    `${PHRASES} banned phrases and ${ADS} ads written in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  )
}

async function benchApiOn(db: string, options: ApiBenchOptions, url?: string, env: NodeJS.ProcessEnv = {}) {
  const { rate, seconds } = options
  section(`API on ${db} (${serverEntry()}): throughput, then ${rate} req/s, ${seconds} s each`)
  const dataDir = url ? undefined : mkdtempSync(join(tmpdir(), 'bench-api-'))
  await seedDatabase(url ? { databaseUrl: url } : { dataDir: dataDir ?? '' })
  // test mode keeps the dev mail outbox, so the bench signs its user up through the real flow
  const server = await startAppServer({
    mode: 'test',
    ...(url ? { databaseUrl: url } : {}),
    ...(dataDir ? { dataDir } : {}),
    env,
  })
  const bare = await startBareServer()
  const stop = async () => {
    await bare.stop()
    await server.stop()
  }
  await withCleanup<void>(
    options.cleanups,
    stop,
  )(async () => {
    const base = server.baseURL
    const token = await signUpUser(base, server.admin)
    const bareTarget = { label: 'bare Fastify GET /', url: `${bare.baseURL}/`, pid: bare.pid }
    console.log(bareTarget.label)
    const barePaced = await atFixedRate(bareTarget, rate, seconds)
    row(
      `API [${db}] bare Fastify GET /: at ${rate} req/s`,
      `${Math.round(barePaced.rps)} req/s, p50 ${ms(barePaced.p50Ms)} / p99 ${ms(barePaced.p99Ms)}`,
      'baseline',
    )
    for (const target of targetsOf(base, token).map((t) => ({ ...t, pid: server.pid }))) {
      const problem = await probe(target)
      if (problem) {
        row(`API [${db}] ${target.label}`, 'skipped', `p99 ≤ ${P99_GOAL_MS} ms`, false)
        note(`${db} ${target.label} skipped: ${problem}`)
        continue
      }
      console.log(target.label)
      const barePostRatio =
        target.method === 'POST'
          ? await reportBarePost(db, bare.baseURL, target, bareTarget, seconds)
          : undefined
      const { top, bare: bareTop } = await throughputBeside(target, bareTarget, seconds)
      const paced = await atFixedRate(target, rate, seconds)
      report(db, target.label, top, paced, bareTop, rate, barePostRatio)
    }
    if (process.env.BENCH_SKIP_PAGES !== '1') await benchPages(db, server, bareTarget, seconds)
  })
}

export async function benchApi(options: ApiBenchOptions): Promise<void> {
  await benchApiOn('PGlite', options)
  note(
    'API: the load generators (autocannon at full speed, scripts/bench/paced-load.ts at a fixed rate) run on the same 2 cores as the server and the bare route; ' +
      `load average after the PGlite pass ${loadavg()
        .map((n) => n.toFixed(1))
        .join(' / ')} (1/5/15 min: other work on the machine skews every figure). The wallet figure ` +
      'is one signed-in user polling, whose session and wallet view stay cached; ad search and ' +
      'wallet answers are cached for 1 s at most (docs/decisions/015-api-request-cost.md), and ' +
      'repeats of cities, ad search and the wallet are given whole before Fastify while their data ' +
      'is unchanged, as every repeat in production is (docs/decisions/020-answer-cache.md)',
  )
  if (!options.postgres) {
    note('PostgreSQL API pass skipped (BENCH_SKIP=postgres)')
    return
  }
  const scratch = createScratchPostgres()
  if (typeof scratch === 'string') {
    note(`PostgreSQL API pass skipped: ${scratch}`)
    return
  }
  // several processes on one PostgreSQL share their changes through Redis, which turns 015's caches
  // on there too (docs/decisions/021-shared-changes.md); without Redis every request queries
  const redisUrl = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379'
  const withRedis = await redisReachable(redisUrl)
  if (!withRedis) note(`no Redis at ${redisUrl}: the PostgreSQL pass runs without the caches`)
  await withCleanup<void>(
    options.cleanups,
    scratch.drop,
  )(() =>
    withRedis
      ? benchApiOn('PostgreSQL + Redis', options, scratch.url, { REDIS_URL: redisUrl })
      : benchApiOn('PostgreSQL', options, scratch.url),
  )
}
