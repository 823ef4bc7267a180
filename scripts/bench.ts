// `npm run bench`: the goals of docs/decisions/008-performance-budgets.md and issue 14, measured
// against the built app and server. One file per group of figures under scripts/bench/:
//   frontend.ts  gzipped JS of the first view of / and a listing page; Lighthouse 12 mobile
//   api.ts       per API route: throughput as a ratio of a bare Fastify route in the same run, and
//                p50/p99 at a fixed 500 req/s; on PGlite, then on a scratch PostgreSQL database
//   ad-queries.ts the ad search query behind every listing page, on 100,000 generated ads
//                (BENCH_ADS), PGlite and PostgreSQL
//   media.ts     a 12-megapixel photo's processing time and peak memory; bytes of 12 cards on a phone
//   ad-views.ts  the ad page's throughput with and without 1,000 view beacons a second (stats, 053)
// Env: BENCH_BUILD=1 rebuilds the app even if dist/ exists; BENCH_SKIP=lighthouse,api,js,ads,alerts,media,views,postgres
// skips parts; BENCH_RATE (default 500) and BENCH_SECONDS (default 10) shape the API load,
// BENCH_API_ADS (default 10,000) the ads behind the API's search; BENCH_REDIS_URL (default
// redis://127.0.0.1:6379) the Redis the PostgreSQL pass uses when it answers. Not part of `npm test`.
import { existsSync } from 'node:fs'
import { benchAdQueries } from './bench/ad-queries.ts'
import { benchAdViews } from './bench/ad-views.ts'
import { benchAlertMatching } from './bench/alert-matching.ts'
import { benchApi } from './bench/api.ts'
import { benchJsBytes, benchLighthouse } from './bench/frontend.ts'
import { benchMedia } from './bench/media.ts'
import { printTable, section } from './bench/report.ts'
import {
  CHROME_PATH,
  ensureBuild,
  ensureServerBuild,
  type RunningServer,
  startAppServer,
} from './bench/server.ts'

const skip = new Set((process.env.BENCH_SKIP ?? '').split(',').map((s) => s.trim()))
/** Stops servers and drops scratch databases still up when a signal arrives. */
const cleanups: (() => Promise<void> | void)[] = []

async function benchMediaFigures(): Promise<void> {
  section('media')
  for (const line of await benchMedia()) console.log(line)
}

async function main(): Promise<void> {
  const needsBrowser = !skip.has('js') || !skip.has('lighthouse')
  if (needsBrowser && !existsSync(CHROME_PATH)) {
    throw new Error(`no Chromium at ${CHROME_PATH}: apt-get update && apt-get install -y chromium`)
  }
  section('build and server')
  // the API is measured on the server bundle production runs; the browser parts on the built app
  if (!skip.has('api')) ensureServerBuild()
  else if (needsBrowser) ensureBuild()
  let app: RunningServer | undefined
  // an interrupted bench must not leave its servers (or its scratch database) behind
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.once(signal, () => {
      console.error(`bench: ${signal}, stopping the servers`)
      void Promise.allSettled([...cleanups, () => app?.stop()].map((f) => f())).then(() => process.exit(130))
    })
  }
  try {
    if (needsBrowser) {
      // production refuses the sandbox payments and an http PUBLIC_URL (src/server/production-checks.ts);
      // the pages are the same built bundle in either mode, and they need the demo ads to show
      app = await startAppServer({ mode: 'test', env: { SEED_DEMO_ADS: 'true' } })
      console.log(`server at ${app.baseURL}`)
      if (!skip.has('js')) await benchJsBytes(app.baseURL)
      if (!skip.has('lighthouse')) await benchLighthouse(app.baseURL)
    }
  } finally {
    await app?.stop()
  }
  if (!skip.has('api')) {
    await benchApi({
      rate: Number(process.env.BENCH_RATE ?? 500),
      seconds: Number(process.env.BENCH_SECONDS ?? 10),
      postgres: !skip.has('postgres'),
      cleanups,
    })
  }
  if (!skip.has('ads')) await benchAdQueries(!skip.has('postgres'), cleanups)
  if (!skip.has('alerts') && !skip.has('postgres')) await benchAlertMatching(cleanups)
  if (!skip.has('media')) await benchMediaFigures()
  if (!skip.has('views')) await benchAdViews(cleanups)
  printTable()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(`bench failed: ${(error as Error).stack ?? String(error)}`)
    process.exit(1)
  },
)
