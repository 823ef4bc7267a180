#!/usr/bin/env node
// `npm run test:e2e [-- playwright args]`: builds the app when its sources changed, starts the REAL
// server the way `npm start` does (scripts/start.mjs runs the compiled dist-server/main.js) on a
// free port with a fresh embedded database, runs Playwright against it in the system Chromium, then
// stops the server and exits with Playwright's code.
// Env: CHROME_PATH (default /usr/bin/chromium), SKIP_BUILD=1 to reuse dist/ and dist-server/,
// E2E_KEEP_DATA=1 to keep the temp DATA_DIR for inspection.
import { spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

const INSTALL_HINT = 'apt-get update && apt-get install -y chromium'
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'

function section(title) {
  console.log(`\n=== e2e: ${title} ===`)
}

// never skip silently: a missing browser is a failed run with the fix in the message
if (!existsSync(chromePath)) {
  console.error(`\nERROR: no Chromium found at ${chromePath} (set CHROME_PATH to use another one).`)
  console.error(`Install Debian's Chromium with:\n\n    ${INSTALL_HINT}\n`)
  process.exit(1)
}

// built here, before the server starts, so the build's time never counts against the start timeout;
// like `npm start`, it builds only when the sources changed since the last build
if (process.env.SKIP_BUILD !== '1') {
  section('building the app and the server when the sources changed (scripts/build.mjs --if-stale)')
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' })
  if (build.status !== 0) {
    console.error('ERROR: the build failed')
    process.exit(build.status ?? 1)
  }
} else if (!existsSync('dist/client/index.html') || !existsSync('dist-server/main.js')) {
  console.error('ERROR: SKIP_BUILD=1 but dist/ or dist-server/ is missing: run `npm run build` first')
  process.exit(1)
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

const port = await freePort()
const baseURL = `http://127.0.0.1:${port}`
const dataDir = mkdtempSync(join(tmpdir(), 'e2e-data-'))
const adminUsername = 'admin'
const adminPassword = randomBytes(12).toString('hex')

// the e2e server always runs on its own embedded database, even when DATABASE_URL is set for the
// API tests: each run starts from an empty, known state
const serverEnv = { ...process.env }
delete serverEnv.DATABASE_URL
Object.assign(serverEnv, {
  NODE_ENV: 'test',
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  PUBLIC_URL: baseURL,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL || 'warn',
  ADMIN_USERNAME: adminUsername,
  ADMIN_PASSWORD: adminPassword,
  // the listing journeys browse the demo ads, as a visitor of a fresh `npm start` does
  SEED_DEMO_ADS: 'true',
  // as behind one proxy: the fixtures' API calls name a client address of their own
  // (tests/support/e2e-accounts.ts), so many sign-ups do not share one rate-limit bucket
  TRUST_PROXY: '1',
})

section(`starting the server on ${baseURL} (DATA_DIR ${dataDir})`)
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  env: serverEnv,
  stdio: ['ignore', 'inherit', 'inherit'],
})
let serverExited = false
server.on('exit', (code, signal) => {
  serverExited = true
  if (!stopping) console.error(`ERROR: the server exited early (code ${code}, signal ${signal})`)
})

let stopping = false
async function stopServer() {
  if (serverExited) return
  stopping = true
  server.kill('SIGTERM')
  const deadline = Date.now() + 10_000
  while (!serverExited && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100))
  if (!serverExited) server.kill('SIGKILL')
}

function cleanup() {
  if (process.env.E2E_KEEP_DATA === '1') console.log(`kept DATA_DIR ${dataDir}`)
  else rmSync(dataDir, { recursive: true, force: true })
}

for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => {
    void stopServer().then(() => {
      cleanup()
      process.exit(130)
    })
  })
}

async function waitForServer(timeoutMs) {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (serverExited) return false
    try {
      // ready, not only listening: the demo ads the journeys browse are seeded after listen
      const res = await fetch(`${baseURL}/readyz`)
      if (res.ok) return true
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  return false
}

let exitCode = 1
try {
  const started = Date.now()
  // a fresh embedded database (initdb, migrations) took over 150 s on two cores shared by eight
  // busy sessions: the run must not fail for a slow machine, only for a server that never gets ready
  if (!(await waitForServer(600_000))) {
    console.error('ERROR: the server did not answer GET /readyz with 200 within 600 s')
  } else {
    console.log(`server ready in ${((Date.now() - started) / 1000).toFixed(1)} s`)
    section('running Playwright')
    const pw = spawn('npx', ['playwright', 'test', ...process.argv.slice(2)], {
      stdio: 'inherit',
      env: {
        ...process.env,
        BASE_URL: baseURL,
        CHROME_PATH: chromePath,
        E2E_ADMIN_USERNAME: adminUsername,
        E2E_ADMIN_PASSWORD: adminPassword,
      },
    })
    exitCode = await new Promise((resolve) => pw.on('exit', (code) => resolve(code ?? 1)))
    if (serverExited) {
      console.error('ERROR: the server died during the run')
      exitCode = exitCode || 1
    }
  }
} finally {
  await stopServer()
  cleanup()
}
section(exitCode === 0 ? 'passed' : `FAILED (exit code ${exitCode})`)
process.exit(exitCode)
