// `npm run screenshots`: the README's pictures. Builds when the sources changed, starts the built
// server as scripts/e2e.mjs does (a fresh embedded database with the demo ads, on a free port), makes
// a verified member with an ad awaiting payment and a crypto charge for it through the API, then
// photographs home, listing, ad, post, checkout and pay on a phone (390×844) and a desktop
// (1280×800), in English and French, into docs/screenshots/{page}-{mobile|desktop}[-fr].png.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium } from 'playwright-core'
import { adPath } from '#domain/ad-path.ts'
import { ADULT_COOKIE } from '#domain/adult-gate.ts'
import { STORAGE_KEYS } from '#domain/constants.ts'
import { CHROME_PATH, CHROMIUM_ARGS } from '#tests/support/chromium.ts'

const OUT = 'docs/screenshots'
const VIEWPORTS = {
  mobile: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
  desktop: { viewport: { width: 1280, height: 800 } },
} as const

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

async function waitForReady(base: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + 600_000
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error('the server exited before it was ready')
    try {
      // ready, not only listening: the demo ads are seeded after listen
      if ((await fetch(`${base}/readyz`)).ok) return
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250))
  }
  throw new Error('the server was not ready within 600 s')
}

async function call(base: string, path: string, init: RequestInit & { token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (init.token) headers.authorization = `Bearer ${init.token}`
  const res = await fetch(`${base}/api${path}`, { ...init, headers })
  const text = await res.text()
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path} answered ${res.status}: ${text}`)
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

/** A verified member with an ad awaiting payment and a crypto charge for it. */
async function seedMember(base: string, admin: { username: string; password: string }) {
  const email = `screens-${Date.now().toString(36)}@example.com`
  const password = `pw-${randomBytes(8).toString('hex')}`
  await call(base, '/auth/register', { method: 'POST', body: JSON.stringify({ email, password }) })
  const { token: adminToken } = await call(base, '/admin/login', {
    method: 'POST',
    body: JSON.stringify(admin),
  })
  // the account and its mail are made just after the answer (accounts.ts, register): ask until it is there
  let link: string | null | undefined
  for (let tries = 0; !link && tries < 50; tries += 1) {
    if (tries > 0) await new Promise((resolve) => setTimeout(resolve, 100))
    const outbox = await call(base, `/dev/outbox?to=${encodeURIComponent(email)}`, {
      token: String(adminToken),
    })
    const mails = (outbox.messages ?? []) as { link: string | null }[]
    link = mails.find((m) => m.link?.includes('/verify-email'))?.link
  }
  if (!link) throw new Error('no verification mail in the outbox')
  await call(base, `/auth/verify-email${new URL(link).search}`)
  const login = await call(base, '/auth/login', { method: 'POST', body: JSON.stringify({ email, password }) })
  const token = String(login.token)
  const ad = await call(base, '/ads', {
    method: 'POST',
    token,
    body: JSON.stringify({
      title: 'Vintage corset, barely worn',
      category: 'adult-buy-sell',
      province: 'ON',
      city: 'Toronto',
      price: 40,
      description: 'Black satin, size M. Pick up downtown or shipped discreetly.',
    }),
  })
  const adId = String(ad.id)
  const charge = await call(base, '/payments/crypto/charge', {
    method: 'POST',
    token,
    body: JSON.stringify({ chargeType: 'post', listingId: adId }),
  })
  return { token, user: JSON.stringify(login.user), adId, chargeId: String(charge.charge_id) }
}

async function main() {
  if (process.env.SKIP_BUILD !== '1') {
    const build = spawnSync(process.execPath, ['scripts/build.mjs', '--if-stale'], { stdio: 'inherit' })
    if (build.status !== 0) throw new Error('the build failed')
  }
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(join(tmpdir(), 'maple-screens-'))
  const admin = { username: 'admin', password: randomBytes(16).toString('hex') }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: base,
    LOG_LEVEL: 'warn',
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    SEED_DEMO_ADS: 'true',
  }
  delete env.DATABASE_URL
  const server = spawn(process.execPath, ['scripts/start.mjs'], {
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROMIUM_ARGS })
  try {
    await waitForReady(base, server)
    const member = await seedMember(base, admin)
    const demo = await call(base, '/ads?province=ON&category=adult-buy-sell')
    const [first] = (demo.items ?? []) as Parameters<typeof adPath>[0][]
    if (!first) throw new Error('no demo ads')
    const pages: [string, string][] = [
      ['home', '/'],
      ['listing', '/ca/ON/adult-buy-sell'],
      ['ad', adPath(first)],
      ['post', '/post'],
      ['checkout', `/checkout?type=post&adId=${member.adId}`],
      ['pay', `/pay/${member.chargeId}?type=post&adId=${member.adId}`],
    ]
    mkdirSync(OUT, { recursive: true })
    for (const language of ['en', 'fr'] as const) {
      for (const [device, options] of Object.entries(VIEWPORTS)) {
        const context = await browser.newContext({
          ...options,
          locale: `${language}-CA`,
          timezoneId: 'America/Toronto',
        })
        await context.addCookies([
          { name: ADULT_COOKIE.name, value: ADULT_COOKIE.value, url: base },
          { name: 'language', value: language, url: base },
        ])
        await context.addInitScript(
          (entries: string[][]) => {
            for (const [key = '', value = ''] of entries) localStorage.setItem(key, value)
          },
          [
            [STORAGE_KEYS.adultConfirmed, ADULT_COOKIE.value],
            ['language', language],
            [STORAGE_KEYS.authToken, member.token],
            [STORAGE_KEYS.authUser, member.user],
          ],
        )
        const page = await context.newPage()
        for (const [name, path] of pages) {
          await page.goto(`${base}${path}`)
          await page.waitForLoadState('networkidle')
          // fonts, images and the French texts settle before the picture
          await page.waitForTimeout(500)
          const file = `${OUT}/${name}-${device}${language === 'fr' ? '-fr' : ''}.png`
          await page.screenshot({ path: file })
          console.log(`wrote ${file}`)
        }
        await context.close()
      }
    }
  } finally {
    await browser.close()
    server.kill('SIGTERM')
    await new Promise((r) => server.once('exit', r))
    rmSync(dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exitCode = 1
})
