import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { connect } from 'node:net'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import S3rver from 's3rver'
import webpush from 'web-push'
import { type FakeGreenfield, startFakeGreenfield } from '#tests/support/fake-greenfield.ts'
import { type Client, httpsClient } from './client.ts'
import { type PostgresCluster, startPostgresCluster } from './postgres-cluster.ts'
import { atCleanup, freePort, run, type Service, startService, waitUntil } from './processes.ts'
import { type SmtpReceiver, startSmtpReceiver } from './smtp-receiver.ts'

// The production topology of deploy/compose.yaml, from Debian packages and npm on this machine:
// PostgreSQL 15 and Redis of their own, s3rver for MinIO, a loopback SMTP receiver, the fake
// BTCPay (Greenfield) server, two app processes in production mode and HAProxy with TLS, run with
// the very deploy/haproxy.cfg compose mounts.

export const HAPROXY_CONFIG = resolve('deploy/haproxy.cfg')
const BUCKET = 'maple-media'
const BTCPAY = {
  apiKey: 'cluster-api-key',
  storeId: 'cluster-store',
  webhookSecret: randomBytes(24).toString('hex'),
}

export interface App {
  name: 'app1' | 'app2'
  port: number
  service: Service
  /** `http://127.0.0.1:<port>`: the process itself, behind the proxy's back. */
  direct: string
}

export interface Topology {
  dir: string
  postgres: PostgresCluster
  smtp: SmtpReceiver
  btcpay: FakeGreenfield
  client: Client
  apps: App[]
  /** The process's probe HAProxy uses: /readyz, or /api/ on a build that has none yet. */
  healthPath: string
  metricsToken: string
  /** The admin of both processes (one set of credentials, as deploy/maple.env.example has). */
  admin: { username: string; password: string }
  /** Starts (again) the app process of that name and waits until it answers its probe. */
  startApp(name: App['name']): Promise<App>
  /** HAProxy's view of each server: `UP`, `DOWN`, `MAINT`… */
  proxyStatus(): Promise<Map<string, string>>
  /** The media store (s3rver): stopped, it refuses connections; started again on the same port. */
  mediaStore: { stop(): Promise<void>; start(): Promise<void> }
}

async function answers(url: string): Promise<number> {
  // as HAProxy's check sees it: a redirect (the app sends unknown pages home) is not a 200
  const res = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5_000) })
  await res.arrayBuffer()
  return res.status
}

/** HAProxy's runtime API over its stats socket: `show stat`, as server name → status. */
function showStat(socketPath: string): Promise<Map<string, string>> {
  return new Promise((resolvePromise, reject) => {
    const socket = connect(socketPath)
    let text = ''
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8')
    })
    socket.on('error', reject)
    socket.on('end', () => {
      const lines = text.trim().split('\n')
      const columns = (lines[0] ?? '').replace(/^# /, '').split(',')
      const name = columns.indexOf('svname')
      const status = columns.indexOf('status')
      const proxy = columns.indexOf('pxname')
      const servers = new Map<string, string>()
      for (const line of lines.slice(1)) {
        const cells = line.split(',')
        if (cells[proxy] === 'api' && cells[name] !== 'BACKEND')
          servers.set(cells[name] ?? '', cells[status] ?? '')
      }
      resolvePromise(servers)
    })
    socket.end('show stat\n')
  })
}

export async function startTopology(log: (line: string) => void): Promise<Topology> {
  const dir = mkdtempSync(join(tmpdir(), 'maple-cluster-'))
  atCleanup('temporary directory', () => rmSync(dir, { recursive: true, force: true }))

  const postgres = await startPostgresCluster('maple')
  log(`PostgreSQL 15 on 127.0.0.1:${postgres.port}`)

  const redisPort = await freePort()
  const redis = startService(
    'redis',
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
    { env: process.env, logFile: join(dir, 'redis.log') },
  )
  await waitUntil(
    'redis',
    () => {
      if (!redis.alive()) throw new Error(`redis-server exited:\n${redis.tail()}`)
      return run('redis-cli', ['-p', String(redisPort), 'ping']).trim() === 'PONG'
    },
    15_000,
  )
  log(`Redis on 127.0.0.1:${redisPort}`)

  const s3Dir = join(dir, 's3')
  const s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: s3Dir,
    silent: true,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port: s3Port } = await s3.run()
  let s3Running: S3rver | null = s3
  atCleanup('s3rver', () => new Promise<void>((done) => (s3Running ? s3Running.close(() => done()) : done())))
  const mediaStore = {
    stop: () =>
      new Promise<void>((done) => {
        const running = s3Running
        s3Running = null
        if (running) running.close(() => done())
        else done()
      }),
    start: async () => {
      const again = new S3rver({
        address: '127.0.0.1',
        port: s3Port,
        directory: s3Dir,
        silent: true,
        configureBuckets: [{ name: BUCKET }],
      })
      await again.run()
      s3Running = again
    },
  }
  log(`s3rver (bucket ${BUCKET}) on 127.0.0.1:${s3Port}`)

  const smtp = await startSmtpReceiver()
  atCleanup('SMTP receiver', () => smtp.close())
  const btcpay = await startFakeGreenfield(BTCPAY)
  atCleanup('fake BTCPay', () => btcpay.close())
  log(`SMTP receiver on 127.0.0.1:${smtp.port}, fake BTCPay at ${btcpay.url}`)

  const httpsPort = await freePort()
  const publicUrl = `https://localhost:${httpsPort}`
  const metricsToken = randomBytes(24).toString('hex')
  const pageFormSecret = randomBytes(32).toString('hex')
  const reportHashSecret = randomBytes(32).toString('hex')
  // one Web Push pair for both processes, as production requires (docs/decisions/054-alerts.md)
  const vapid = webpush.generateVAPIDKeys()
  const admin = { username: 'admin', password: randomBytes(18).toString('base64url') }
  // the variables of deploy/maple.env.example, with this machine's addresses
  const appEnv = (port: number): NodeJS.ProcessEnv => ({
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    LOG_LEVEL: process.env.CLUSTER_LOG_LEVEL ?? 'warn',
    PUBLIC_URL: publicUrl,
    DATABASE_URL: postgres.url,
    REDIS_URL: `redis://127.0.0.1:${redisPort}`,
    TRUST_PROXY: '127.0.0.1/32',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    METRICS_TOKEN: metricsToken,
    PAGE_FORM_SECRET: pageFormSecret,
    REPORT_HASH_SECRET: reportHashSecret,
    VAPID_PUBLIC_KEY: vapid.publicKey,
    VAPID_PRIVATE_KEY: vapid.privateKey,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    MAIL_FROM: 'Maple After Dark <no-reply@maple.example>',
    PAYMENT_PROVIDER: 'btcpay',
    BTCPAY_URL: btcpay.url,
    BTCPAY_API_KEY: BTCPAY.apiKey,
    BTCPAY_STORE_ID: BTCPAY.storeId,
    BTCPAY_WEBHOOK_SECRET: BTCPAY.webhookSecret,
    S3_BUCKET: BUCKET,
    S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  })

  const ports = { app1: await freePort(), app2: await freePort() }
  const apps: App[] = []
  let healthPath = '/readyz'
  const startApp = async (name: App['name']): Promise<App> => {
    const port = ports[name]
    const service = startService(name, process.execPath, ['dist-server/main.js'], {
      env: appEnv(port),
      logFile: join(dir, `${name}.log`),
    })
    const direct = `http://127.0.0.1:${port}`
    await waitUntil(
      `${name} answering ${healthPath}`,
      async () => {
        if (!service.alive()) throw new Error(`${name} exited:\n${service.tail()}`)
        const status = await answers(`${direct}${healthPath}`)
        // a build without the probe yet (before the start-up work of issue 29 is merged) answers
        // 404, or sends the unknown page home
        if (healthPath === '/readyz' && (status === 404 || (status >= 300 && status < 400)))
          healthPath = '/api/'
        return status === 200
      },
      180_000,
      250,
    ).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}\n${service.tail()}`)
    })
    const app = { name, port, service, direct }
    const index = apps.findIndex((a) => a.name === name)
    if (index === -1) apps.push(app)
    else apps[index] = app
    return app
  }
  await startApp('app1')
  await startApp('app2')
  log(
    `app1 on 127.0.0.1:${ports.app1}, app2 on 127.0.0.1:${ports.app2} (NODE_ENV=production, probe ${healthPath})`,
  )

  const key = join(dir, 'site.key')
  const cert = join(dir, 'site.crt')
  run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
    '-keyout',
    key,
    '-out',
    cert,
  ])
  const pem = join(dir, 'site.pem')
  writeFileSync(pem, readFileSync(cert, 'utf8') + readFileSync(key, 'utf8'), { mode: 0o600 })
  const statsSocket = join(dir, 'haproxy.sock')
  const haproxy = startService('haproxy', '/usr/sbin/haproxy', ['-db', '-f', HAPROXY_CONFIG], {
    env: {
      PATH: process.env.PATH,
      HAPROXY_BIND: `127.0.0.1:${httpsPort}`,
      HAPROXY_HTTP_BIND: `127.0.0.1:${await freePort()}`,
      HAPROXY_CERT: pem,
      HAPROXY_STATS_SOCKET: statsSocket,
      APP1_ADDR: `127.0.0.1:${ports.app1}`,
      APP2_ADDR: `127.0.0.1:${ports.app2}`,
      HEALTH_PATH: healthPath,
    },
    logFile: join(dir, 'haproxy.log'),
  })
  const proxyStatus = () => showStat(statsSocket)
  await waitUntil(
    'HAProxy with both processes UP',
    async () => {
      if (!haproxy.alive()) throw new Error(`haproxy exited:\n${haproxy.tail()}`)
      if (!existsSync(statsSocket)) return false
      const servers = await proxyStatus()
      return servers.get('app1') === 'UP' && servers.get('app2') === 'UP'
    },
    30_000,
  )
  log(`HAProxy (TLS, ${HAPROXY_CONFIG}) on ${publicUrl}`)
  const client = httpsClient(`https://127.0.0.1:${httpsPort}`, readFileSync(cert, 'utf8'))
  atCleanup('HTTPS client', () => client.close())
  return {
    dir,
    postgres,
    smtp,
    btcpay,
    client,
    apps,
    healthPath,
    metricsToken,
    admin,
    startApp,
    proxyStatus,
    mediaStore,
  }
}
