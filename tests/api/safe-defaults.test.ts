import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from '#server/config.ts'
import { redactUrl } from '#server/logging.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

// everything production asks for, so each test below breaks exactly one thing
const SAFE_PRODUCTION = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://maple.example',
  SMTP_URL: 'smtp://mailer:pw@mail.example:587',
  PAYMENT_PROVIDER: 'btcpay',
  BTCPAY_URL: 'https://btcpay.example',
  BTCPAY_API_KEY: 'key',
  BTCPAY_STORE_ID: 'store',
  BTCPAY_WEBHOOK_SECRET: 'f3a9c1d07e5b42a8b6c9d1e2f3a4b5c6',
  ADMIN_USERNAME: 'boss',
  ADMIN_PASSWORD: 'a long admin passphrase',
  VAPID_PUBLIC_KEY: 'BPublicKeyOfTheDeployment',
  VAPID_PRIVATE_KEY: 'privateKeyOfTheDeployment',
}

function refusal(env: Record<string, string | undefined>): string[] {
  try {
    loadConfig(env)
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

describe('where the server listens', () => {
  it('listens on loopback only outside production unless HOST says otherwise', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1')
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1')
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0')
  })

  it('listens on every interface in production, behind its proxy', () => {
    expect(loadConfig(SAFE_PRODUCTION).HOST).toBe('0.0.0.0')
    expect(loadConfig({ ...SAFE_PRODUCTION, HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5')
  })
})

describe('production start-up checks', () => {
  it('starts with a complete, safe configuration', () => {
    expect(refusal(SAFE_PRODUCTION)).toEqual([])
  })

  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    [
      'the sandbox payment provider',
      { PAYMENT_PROVIDER: 'sandbox', SANDBOX_WEBHOOK_SECRET: 'f3a9c1d07e5b42a8b6c9' },
      /^PAYMENT_PROVIDER=sandbox .*set PAYMENT_PROVIDER=btcpay/,
    ],
    ['no SMTP_URL', { SMTP_URL: undefined }, /^SMTP_URL is not set.*set SMTP_URL=smtp:/],
    ['an empty SMTP_URL', { SMTP_URL: ' ' }, /^SMTP_URL is not set/],
    ['no webhook secret', { BTCPAY_WEBHOOK_SECRET: undefined }, /^BTCPAY_WEBHOOK_SECRET is empty.*set it/],
    ['an empty webhook secret', { BTCPAY_WEBHOOK_SECRET: '' }, /^BTCPAY_WEBHOOK_SECRET is empty/],
    ['the default webhook secret', { BTCPAY_WEBHOOK_SECRET: 'sandbox-secret' }, /^BTCPAY_WEBHOOK_SECRET/],
    [
      'an http PUBLIC_URL',
      { PUBLIC_URL: 'http://maple.example' },
      /^PUBLIC_URL=http:.*set PUBLIC_URL=https:/,
    ],
    ['the default PUBLIC_URL', { PUBLIC_URL: undefined }, /^PUBLIC_URL=http:\/\/localhost:8080 is not https/],
    ['no admin password', { ADMIN_PASSWORD: undefined }, /^ADMIN_USERNAME and ADMIN_PASSWORD/],
    [
      'a one-letter admin password',
      { ADMIN_PASSWORD: 'a' },
      /^ADMIN_PASSWORD is shorter than 12 .*set a long/,
    ],
    ['an 11-character admin password', { ADMIN_PASSWORD: 'abcdefghijk' }, /^ADMIN_PASSWORD is shorter/],
    [
      'PostgreSQL without a shared page-form secret',
      { DATABASE_URL: 'postgres://maple@db.example/maple', REPORT_HASH_SECRET: 'd'.repeat(64) },
      /^PAGE_FORM_SECRET is not set.*set the same PAGE_FORM_SECRET/,
    ],
    [
      'PostgreSQL without a shared report-hash secret',
      { DATABASE_URL: 'postgres://maple@db.example/maple', PAGE_FORM_SECRET: 'c'.repeat(64) },
      /^REPORT_HASH_SECRET is not set.*set the same REPORT_HASH_SECRET/,
    ],
    [
      'a one-letter webhook secret',
      { BTCPAY_WEBHOOK_SECRET: 'x' },
      /^BTCPAY_WEBHOOK_SECRET is shorter than 16/,
    ],
  ]
  it.each(cases)('refuses %s with one clear line', (_name, change, expected) => {
    const problems = refusal({ ...SAFE_PRODUCTION, ...change })
    expect(problems).toHaveLength(1)
    expect(problems[0]).toMatch(expected)
    expect(problems[0]).not.toContain('\n')
  })

  it('names every problem at once, one line each, so one restart fixes them all', () => {
    const problems = refusal({ NODE_ENV: 'production', ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'b' })
    expect(problems.map((p) => p.split(/[ =]/)[0])).toEqual([
      'PAYMENT_PROVIDER',
      'SMTP_URL',
      'SANDBOX_WEBHOOK_SECRET',
      'PUBLIC_URL',
      'ADMIN_PASSWORD',
      'PUSH',
    ])
  })

  it('accepts PostgreSQL once every process shares the page-form and report-hash secrets', () => {
    expect(
      refusal({
        ...SAFE_PRODUCTION,
        DATABASE_URL: 'postgres://maple@db.example/maple',
        PAGE_FORM_SECRET: 'c'.repeat(64),
        REPORT_HASH_SECRET: 'd'.repeat(64),
      }),
    ).toEqual([])
  })

  it('accepts an admin password of 12 characters and a webhook secret of 16', () => {
    expect(
      refusal({
        ...SAFE_PRODUCTION,
        ADMIN_PASSWORD: 'abcdefghijkl',
        BTCPAY_WEBHOOK_SECRET: '0123456789abcdef',
      }),
    ).toEqual([])
  })

  it('refuses Web Push without its key pair, and starts with PUSH=off', () => {
    const unkeyed = { ...SAFE_PRODUCTION, VAPID_PUBLIC_KEY: undefined, VAPID_PRIVATE_KEY: undefined }
    expect(refusal(unkeyed)).toEqual([expect.stringMatching(/^PUSH=on without VAPID_PUBLIC_KEY/)])
    expect(refusal({ ...unkeyed, PUSH: 'off' })).toEqual([])
  })

  it('leaves development and test alone', () => {
    expect(refusal({})).toEqual([])
    expect(refusal({ NODE_ENV: 'test' })).toEqual([])
  })
})

describe('logs', () => {
  const lines: string[] = []
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp(
      { LOG_LEVEL: 'info', NODE_ENV: 'production', ADMIN_USERNAME: 'a', ADMIN_PASSWORD: 'b' },
      { logStream: { write: (line) => void lines.push(line) } },
    )
  })
  afterAll(() => t.close())

  it('redacts every token= query value, keeping the rest of the URL', () => {
    expect(redactUrl('/api/auth/verify-email?token=abc&x=1')).toBe(
      '/api/auth/verify-email?token=[redacted]&x=1',
    )
    expect(redactUrl('/reset-password?a=1&reset_token=abc#top')).toBe(
      '/reset-password?a=1&reset_token=[redacted]#top',
    )
    expect(redactUrl('/x?TOKEN=abc&token=def')).toBe('/x?TOKEN=[redacted]&token=[redacted]')
    expect(redactUrl('/api/wallet')).toBe('/api/wallet')
  })

  it('never writes a token from a request URL to the log', async () => {
    lines.length = 0
    await t.app.inject({ method: 'GET', url: '/api/auth/verify-email?token=LEAKME-verify-1234' })
    await t.app.inject({ method: 'GET', url: '/reset-password?token=LEAKME-reset-5678&utm=x' })
    const log = lines.join('')
    expect(log).toContain('/api/auth/verify-email?token=[redacted]')
    expect(log).toContain('/reset-password?token=[redacted]&utm=x')
    expect(log).not.toContain('LEAKME')
  })

  it("never writes a mail's link or token to the log in production", async () => {
    lines.length = 0
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { email: 'quiet@example.com', password: 'Maple-After-Dark-42' },
    })
    expect(res.statusCode).toBe(201)
    const log = lines.join('')
    expect(log).toContain('/api/auth/register')
    expect(log).not.toMatch(/token=/)
    expect(log).not.toContain('verify-email')
  })
})
