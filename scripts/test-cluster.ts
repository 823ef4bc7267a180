// `npm run test:cluster`: the deployment of deploy/ run for real on this machine, from Debian
// packages and npm (scripts/cluster/topology.ts), then journeys across both app processes through
// HAProxy over TLS, and two faults: an app process killed with SIGKILL during a burst of wallet
// payments, and a PostgreSQL restart under traffic. Each step prints PASS or FAIL with its time;
// everything it started is stopped and its temporary directories removed, also on failure or Ctrl-C.
// SKIP_BUILD=1 uses the existing build; otherwise it builds when the sources changed (as npm start).

import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import pg from 'pg'
import { burstWithKill } from './cluster/burst-step.ts'
import { journeys } from './cluster/journey-step.ts'
import { metricsScrape } from './cluster/metrics-step.ts'
import { postgresRestart, rejoin } from './cluster/outage-steps.ts'
import { cleanUp } from './cluster/processes.ts'
import { databaseOutage, mediaStoreOutage } from './cluster/shared-outage-steps.ts'
import type { Step } from './cluster/step-tools.ts'
import { startTopology, type Topology } from './cluster/topology.ts'

interface StepResult {
  name: string
  status: 'PASS' | 'FAIL' | 'SKIP'
  ms: number
  notes: string[]
}

const results: StepResult[] = []
const started = performance.now()

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(1)} s`
}

/** Runs a step, records PASS or FAIL with its time and what it noted; a later step may depend on it. */
const step: Step = async (name, run) => {
  const notes: string[] = []
  const note = (line: string) => {
    notes.push(line)
    console.log(`    ${line}`)
  }
  console.log(`\n▶ ${name}`)
  const start = performance.now()
  try {
    await run(note)
    results.push({ name, status: 'PASS', ms: performance.now() - start, notes })
    console.log(`  PASS ${name} (${seconds(performance.now() - start)})`)
    return true
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    notes.push(message)
    results.push({ name, status: 'FAIL', ms: performance.now() - start, notes })
    console.log(`  FAIL ${name} (${seconds(performance.now() - start)})\n${message.replace(/^/gm, '    ')}`)
    return false
  }
}

function skip(name: string, why: string): void {
  results.push({ name, status: 'SKIP', ms: 0, notes: [why] })
  console.log(`\n▶ ${name}\n  SKIP (${why})`)
}

function report(): boolean {
  console.log('\n──────── cluster test ────────')
  for (const r of results) console.log(`${r.status.padEnd(4)}  ${seconds(r.ms).padStart(7)}  ${r.name}`)
  const failed = results.filter((r) => r.status !== 'PASS').length
  console.log(`total ${seconds(performance.now() - started)}`)
  console.log(`${results.length - failed} passed, ${failed} failed`)
  return failed === 0
}

async function main(): Promise<boolean> {
  let topology: Topology | undefined
  const up = await step(
    'build and start the topology (PostgreSQL, Redis, s3rver, SMTP, BTCPay, 2 apps, HAProxy)',
    async (note) => {
      if (process.env.SKIP_BUILD === '1') {
        if (!existsSync('dist-server/main.js'))
          throw new Error('SKIP_BUILD=1 but there is no build: run npm run build')
      } else {
        // builds only when the sources changed since the last build, as npm start does
        const built = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' })
        if (built.status !== 0) throw new Error('npm run build failed')
      }
      topology = await startTopology(note)
    },
  )
  if (!up || !topology) {
    for (const name of [
      'journeys',
      'kill -9',
      'rejoin',
      'PostgreSQL restart',
      'media store outage',
      'database outage',
      'metrics',
    ])
      skip(name, 'no topology')
    return report()
  }
  const t = topology
  const database = new pg.Pool({ connectionString: t.postgres.url, max: 2 })
  database.on('error', () => {})
  try {
    const site = { client: t.client, smtp: t.smtp, btcpay: t.btcpay }
    await journeys(step, t, site)
    const burst = await step(
      'kill -9 an app process during a burst of wallet payments: 0 lost, 0 doubled',
      (note) => burstWithKill(t, site, database, note),
    )
    if (burst) await step('the killed process restarts and rejoins HAProxy', (note) => rejoin(t, note))
    else skip('the killed process restarts and rejoins HAProxy', 'the kill step failed')
    await step('restart PostgreSQL under traffic: both processes live on and answer again', (note) =>
      postgresRestart(t, site, note),
    )
    await step('the media store down 8 s: only media answer 503, both processes stay in HAProxy', (note) =>
      mediaStoreOutage(t, site, note),
    )
    await step(
      'PostgreSQL down 8 s: the app answers 503 with Retry-After, kept pages and static files 200',
      (note) => databaseOutage(t, site, note),
    )
    await step('GET /metrics through HAProxy with METRICS_TOKEN', (note) => metricsScrape(t, note))
  } finally {
    await database.end()
  }
  return report()
}

let finished = false
async function finish(code: number): Promise<void> {
  if (finished) return
  finished = true
  const failed = await cleanUp()
  for (const line of failed) console.error(`cleanup: ${line}`)
  console.log(failed.length === 0 ? 'cleaned up: every process stopped, temporary directories removed' : '')
  process.exit(failed.length === 0 ? code : 1)
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`\n${signal}: stopping everything`)
    void finish(130)
  })
}

main().then(
  (passed) => finish(passed ? 0 : 1),
  (error: unknown) => {
    console.error(error)
    void finish(1)
  },
)
