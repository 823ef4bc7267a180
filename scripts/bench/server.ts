import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export { CHROME_PATH, CHROMIUM_ARGS } from '../../tests/support/chromium.ts'

const SERVER_BUNDLE = 'dist-server/main.js'

/** Which server the bench starts: the built bundle, or the sources when there is no build. */
export function serverEntry(): string {
  return existsSync(SERVER_BUNDLE) ? SERVER_BUNDLE : 'src/server/main.ts (tsx)'
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer()
    srv.unref()
    srv.on('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address()
      const port = typeof address === 'object' && address ? address.port : 0
      srv.close(() => resolve(port))
    })
  })
}

/**
 * Builds the app and the server bundle when their sources changed since the last build (the same
 * stamp `npm start` uses), so the bench measures what production runs: dist-server/main.js.
 */
export function ensureServerBuild(): void {
  const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  if (build.status !== 0) throw new Error('npm run build failed')
}

/** Builds the app unless a build is already there (BENCH_BUILD=1 forces a fresh one). */
export function ensureBuild(): void {
  if (existsSync('dist/client/index.html') && process.env.BENCH_BUILD !== '1') {
    console.log('using the existing build in dist/client (BENCH_BUILD=1 rebuilds)')
    return
  }
  console.log('building the app (vite build)…')
  const build = spawnSync('npx', ['vite', 'build'], { stdio: ['ignore', 'ignore', 'inherit'] })
  if (build.status !== 0) throw new Error('vite build failed')
}

export async function waitForHttp(url: string, timeoutMs: number, child?: ChildProcess): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null) throw new Error(`process exited early (${child.exitCode})`)
    try {
      const res = await fetch(url)
      if (res.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 200))
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`)
}

export interface RunningServer {
  baseURL: string
  port: number
  /** the server's process, whose CPU time the throughput runs read (process-cpu.ts) */
  pid: number
  stop(): Promise<void>
}

export interface AppServer extends RunningServer {
  admin: { username: string; password: string }
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

/**
 * The real server on a free port with a fresh embedded database, or on `databaseUrl` (PostgreSQL).
 * `mode: 'test'` keeps the dev mail outbox on, so the bench can sign a user up through the real flow.
 */
export async function startAppServer(
  options: {
    mode?: 'production' | 'test'
    databaseUrl?: string
    /** a PGlite directory prepared beforehand (deleted on stop); a fresh one otherwise */
    dataDir?: string
    /** extra node flags, such as --cpu-prof */
    nodeArgs?: string[]
    /** extra environment, such as SEED_DEMO_ADS */
    env?: NodeJS.ProcessEnv
  } = {},
): Promise<AppServer> {
  const port = await freePort()
  const baseURL = `http://127.0.0.1:${port}`
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bench-data-'))
  const admin = {
    username: 'bench-admin',
    password: `bench-${Math.random().toString(36).slice(2)}-${Date.now()}`,
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // production is what users get (no dev routes, no stack traces); admin credentials are required there
    NODE_ENV: options.mode ?? 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: baseURL,
    LOG_LEVEL: 'warn',
    // the load test sends X-Forwarded-For to play many visitors (see api-load.ts)
    // one hop: the last X-Forwarded-For entry is the client, as behind one load balancer
    TRUST_PROXY: '1',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    // no balancer in front: stop at once instead of draining for production's 5 s
    SHUTDOWN_GRACE_MS: '0',
    ...options.env,
  }
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl
  else delete env.DATABASE_URL
  // the bundle `npm start` runs when it is there (ensureServerBuild), the sources through tsx otherwise
  const entry = existsSync(SERVER_BUNDLE) ? [SERVER_BUNDLE] : ['--import', 'tsx', 'src/server/main.ts']
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  // ready, not only listening: the demo ads and the city index are there by then
  await waitForHttp(`${baseURL}/readyz`, 90_000, child)
  return {
    baseURL,
    port,
    pid: child.pid ?? 0,
    admin,
    async stop() {
      await stopChild(child)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

export interface ScratchDatabase {
  url: string
  drop(): void
}

/** A throw-away PostgreSQL database (createdb on 127.0.0.1 as postgres), or why there is none. */
export function createScratchPostgres(): ScratchDatabase | string {
  const name = `bench_${Date.now()}`
  const pgArgs = ['-h', '127.0.0.1', '-U', 'postgres']
  const made = spawnSync('createdb', [...pgArgs, name], { encoding: 'utf8' })
  if (made.error) return `createdb unavailable: ${made.error.message}`
  if (made.status !== 0) return `createdb failed: ${(made.stderr ?? '').trim()}`
  const password = process.env.PGPASSWORD ? `:${encodeURIComponent(process.env.PGPASSWORD)}` : ''
  return {
    url: `postgres://postgres${password}@127.0.0.1:5432/${name}`,
    drop() {
      spawnSync('dropdb', [...pgArgs, '--if-exists', name], { stdio: 'inherit' })
    },
  }
}

/**
 * A bare Fastify route in its own process, the baseline the API's latency is compared with: GET /,
 * and POST / for the cost of reading a JSON body alone (a context row beside the moderation check).
 */
export async function startBareServer(): Promise<RunningServer> {
  const port = await freePort()
  const code = `
    import Fastify from 'fastify'
    const app = Fastify({ logger: false })
    app.get('/', async () => ({ status: 'ok' }))
    app.post('/', async () => ({ status: 'ok' }))
    await app.listen({ port: ${port}, host: '127.0.0.1' })
  `
  const child = spawn(process.execPath, ['--input-type=module', '-e', code], {
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const baseURL = `http://127.0.0.1:${port}`
  await waitForHttp(`${baseURL}/`, 20_000, child)
  return { baseURL, port, pid: child.pid ?? 0, stop: () => stopChild(child) }
}
