// `node --import tsx scripts/bench/pages-compare.ts` from a built checkout: the page figures alone
// (pages.ts) against that checkout's server bundle, on PGlite with BENCH_API_ADS generated ads, so a
// change to the render pipeline can be measured before and after on the same machine
// (docs/decisions/030-page-cache-and-render.md). Not part of `npm run bench`, which runs pages.ts
// inside its API pass.
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from '#server/db/client.ts'
import { BULK_LIMITS, seedAds } from './ad-search.ts'
import { benchPages } from './pages.ts'
import { printTable, section } from './report.ts'
import { startAppServer, startBareServer } from './server.ts'

const ADS = Number(process.env.BENCH_API_ADS ?? 10_000)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)

async function main(): Promise<void> {
  // BENCH_DATABASE_URL: an empty PostgreSQL database to use instead (with BENCH_REDIS_URL for the caches)
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const redisUrl = process.env.BENCH_REDIS_URL
  const db = databaseUrl ? (redisUrl ? 'PostgreSQL + Redis' : 'PostgreSQL') : 'PGlite'
  section(`pages of the server bundle in ${process.cwd()}, ${db}, ${ADS} ads`)
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-pages-'))
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, dataDir: 'memory://', limits: BULK_LIMITS } : { dataDir },
  )
  try {
    await seedAds(database.db, ADS)
  } finally {
    await database.close()
  }
  const server = await startAppServer({
    mode: 'test',
    dataDir,
    ...(databaseUrl ? { databaseUrl } : {}),
    env: redisUrl ? { REDIS_URL: redisUrl } : {},
  })
  const bare = await startBareServer()
  try {
    await benchPages(db, server, { label: 'bare', url: `${bare.baseURL}/`, pid: bare.pid }, SECONDS)
  } finally {
    await bare.stop()
    await server.stop()
  }
  printTable()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
