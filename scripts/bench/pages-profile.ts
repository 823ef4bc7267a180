// `node --import tsx scripts/bench/pages-profile.ts`: where a page render's time goes. The built
// server runs under --cpu-prof on PGlite with generated ads; 150 pages none of which was asked before
// (so each is a render) are asked one after the other, and the profile's self time is summed by
// package and by the server's own files (docs/decisions/030-page-cache-and-render.md).
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PROVINCE_CODES } from '#domain/provinces.ts'
import { openDatabase } from '#server/db/client.ts'
import { seedAds } from './ad-search.ts'
import { startAppServer } from './server.ts'

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string }
}
interface Profile {
  nodes: ProfileNode[]
  samples: number[]
  timeDeltas: number[]
}

function placeOf(url: string): string {
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1]
  if (pkg) return pkg
  if (url.includes('dist/server/')) return 'render bundle (dist/server)'
  if (url.includes('dist-server/')) return 'server bundle (dist-server)'
  if (url.startsWith('node:')) return url
  return url === '' ? '(native, GC, idle)' : 'other'
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-profile-'))
  const profileDir = mkdtempSync(join(tmpdir(), 'bench-cpuprof-'))
  const database = await openDatabase({ dataDir })
  try {
    await seedAds(database.db, Number(process.env.BENCH_API_ADS ?? 10_000))
  } finally {
    await database.close()
  }
  // production (BENCH_PROFILE_MODE=production, the default) runs React's production build, as users
  // get it; its start-up checks want a payment provider, mail and an https address, given here as
  // placeholders nothing calls during page renders
  const production = (process.env.BENCH_PROFILE_MODE ?? 'production') === 'production'
  const server = await startAppServer({
    mode: production ? 'production' : 'test',
    dataDir,
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`],
    env: production
      ? {
          PUBLIC_URL: 'https://maple.example',
          SMTP_URL: 'smtp://127.0.0.1:2525',
          PAYMENT_PROVIDER: 'btcpay',
          BTCPAY_URL: 'https://btcpay.example',
          BTCPAY_API_KEY: 'bench-placeholder-key',
          BTCPAY_STORE_ID: 'bench-store',
          BTCPAY_WEBHOOK_SECRET: `bench-${'x'.repeat(40)}`,
          // production refuses Web Push without its pair (docs/decisions/054-alerts.md)
          PUSH: 'off',
        }
      : {},
  })
  const paths: string[] = []
  for (const province of PROVINCE_CODES) {
    for (const category of ['adult-buy-sell', 'adult-services', 'adult-castings']) {
      for (let page = 2; page <= 5; page++) {
        for (const lang of ['en', 'fr']) paths.push(`/ca/${province}/${category}?page=${page}&lang=${lang}`)
      }
    }
  }
  let total = 0
  const chosen = paths.slice(0, 150)
  for (const path of chosen) {
    const started = performance.now()
    const res = await fetch(`${server.baseURL}${path}`, {
      headers: { cookie: 'adult_confirmed=1', 'accept-encoding': 'br' },
      redirect: 'manual',
    })
    await res.arrayBuffer()
    total += performance.now() - started
  }
  await server.stop()
  console.log(
    `${chosen.length} renders, ${(total / chosen.length).toFixed(1)} ms each on average (client side)`,
  )
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'))
  if (!file) throw new Error('no profile written')
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as Profile
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const places = new Map<string, number>()
  const functions = new Map<string, number>()
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)
    const delta = (profile.timeDeltas[i] ?? 0) / 1000
    if (!node) return
    const place = placeOf(node.callFrame.url)
    if (node.callFrame.functionName === '(idle)') return
    places.set(place, (places.get(place) ?? 0) + delta)
    const fn = `${node.callFrame.functionName || '(anonymous)'} ${place}`
    functions.set(fn, (functions.get(fn) ?? 0) + delta)
  })
  const busy = [...places.values()].reduce((a, b) => a + b, 0)
  console.log(`busy ${(busy / chosen.length).toFixed(1)} ms of CPU per render; by place (ms per render):`)
  for (const [place, time] of [...places].sort((a, b) => b[1] - a[1]).slice(0, 15))
    console.log(`  ${(time / chosen.length).toFixed(2).padStart(6)}  ${place}`)
  console.log('top functions by self time (ms per render):')
  for (const [fn, time] of [...functions].sort((a, b) => b[1] - a[1]).slice(0, 20))
    console.log(`  ${(time / chosen.length).toFixed(2).padStart(6)}  ${fn}`)
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error)
    process.exit(1)
  },
)
