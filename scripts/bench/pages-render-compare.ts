// `NODE_ENV=production node --import tsx scripts/bench/pages-render-compare.ts <checkout> <checkout>`:
// the server render bundles of two built checkouts (dist/server/entry-server.js) side by side in one
// process, on one database, so the machine's load weighs on both alike. The renders go straight to
// each bundle (no page cache, no HTTP), alternating which bundle goes first for each URL, so the API
// answers one render warms for the other favour neither. It prints the CPU time per render one after
// the other, and the wall time of 64 renders at once, half French (docs/decisions/030-page-cache-and-render.md).
// NODE_ENV=production gives React's production build, as users get it. BENCH_DATABASE_URL: an empty
// PostgreSQL database instead of PGlite.
import { join, resolve } from 'node:path'
import type { Language } from '#domain/languages.ts'
import { PROVINCE_CODES } from '#domain/provinces.ts'
import { buildApp } from '#server/app.ts'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/client.ts'
import { loadPageRenderer, type PageRenderer } from '#server/services/pages/page-renderer.ts'
import { BULK_LIMITS, seedAds } from './ad-search.ts'
import { percentile } from './report.ts'

const ADS = Number(process.env.BENCH_API_ADS ?? 6_000)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5)

function cpuMs(since: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(since)
  return (used.user + used.system) / 1000
}

async function main(): Promise<void> {
  const checkouts = process.argv.slice(2).map((dir) => resolve(dir))
  if (checkouts.length !== 2) throw new Error('give two built checkouts')
  const databaseUrl = process.env.BENCH_DATABASE_URL
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, dataDir: 'memory://', limits: BULK_LIMITS } : { dataDir: 'memory://' },
  )
  await seedAds(database.db, ADS)
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: 'memory://',
    DATABASE_URL: databaseUrl,
    STATIC_DIR: '/nonexistent',
  })
  const app = await buildApp({ config, database })
  await app.ready()
  const renderers: PageRenderer[] = []
  for (const checkout of checkouts) {
    const renderer = await loadPageRenderer(app, join(checkout, 'dist', 'client'))
    if (!renderer) throw new Error(`${checkout} has no render bundle`)
    renderers.push(renderer)
  }
  const paths: [string, Language][] = []
  for (const province of PROVINCE_CODES) {
    for (const category of ['adult-buy-sell', 'adult-services', 'adult-castings']) {
      for (let page = 2; page <= 9; page++)
        for (const lang of ['en', 'fr'] as const)
          paths.push([`/ca/${province}/${category}?page=${page}`, lang])
    }
  }
  // warm both bundles (module loading, JIT)
  for (const renderer of renderers)
    for (const [path, lang] of paths.slice(0, 10)) await renderer.renderPage(path, lang)

  const cpu: number[][] = [[], []]
  const sequential = paths.slice(10, 110)
  for (const [i, [path, lang]] of sequential.entries()) {
    const order = i % 2 === 0 ? [0, 1] : [1, 0]
    for (const which of order) {
      const started = process.cpuUsage()
      await renderers[which]?.renderPage(path, lang)
      cpu[which]?.push(cpuMs(started))
    }
  }
  const walls: number[][] = [[], []]
  const batchCpu: number[][] = [[], []]
  const concurrentPaths = paths.slice(110)
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0]
    // 64 distinct pages, none rendered before, the same for both bundles
    const batch = concurrentPaths.slice(round * 64, round * 64 + 64)
    for (const which of order) {
      const started = performance.now()
      const startedCpu = process.cpuUsage()
      await Promise.all(batch.map(([path, lang]) => renderers[which]?.renderPage(path, lang)))
      walls[which]?.push(performance.now() - started)
      batchCpu[which]?.push(cpuMs(startedCpu) / batch.length)
    }
  }
  for (const [which, checkout] of checkouts.entries()) {
    const sorted = [...(cpu[which] ?? [])].sort((a, b) => a - b)
    const wall = [...(walls[which] ?? [])].sort((a, b) => a - b)
    const batched = [...(batchCpu[which] ?? [])].sort((a, b) => a - b)
    console.log(
      `${checkout}: CPU per render p50 ${percentile(sorted, 50).toFixed(1)} ms, p90 ${percentile(sorted, 90).toFixed(1)} ms; ` +
        `64 at once: median ${percentile(wall, 50).toFixed(0)} ms (${((64 * 1000) / percentile(wall, 50)).toFixed(0)} pages/s), runs ${wall.map((w) => w.toFixed(0)).join(' ')}, CPU per render at once p50 ${percentile(batched, 50).toFixed(1)} ms`,
    )
  }
  await app.close()
  await database.close()
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
