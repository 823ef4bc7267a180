import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type Config, loadConfig } from '#server/config.ts'
import { RATE_LIMITS } from '#server/routes/rate-limits.ts'
import {
  MAX_TRUSTED_HOPS,
  parseTrustProxy,
  TRUST_PROXY_TRUE_ERROR,
  trustProxyWarning,
} from '#server/trust-proxy.ts'
import { createTestApp, type TestApp } from '#tests/support/api-app.ts'

// the load balancer's own address, and the real client it appends as the last X-Forwarded-For hop
const LOAD_BALANCER = '10.1.2.3'
const REAL_CLIENT = '203.0.113.7'

describe('TRUST_PROXY', () => {
  it('reads a hop count, a list of addresses and CIDRs, and nothing as no trust', () => {
    expect(parseTrustProxy('1')).toEqual({ ok: true, value: 1 })
    expect(parseTrustProxy('0')).toEqual({ ok: true, value: false })
    expect(parseTrustProxy(undefined)).toEqual({ ok: true, value: false })
    expect(parseTrustProxy('false')).toEqual({ ok: true, value: false })
    expect(parseTrustProxy(' 10.0.0.0/8, 192.168.1.4 ,fd00::/8,loopback')).toEqual({
      ok: true,
      value: ['10.0.0.0/8', '192.168.1.4', 'fd00::/8', 'loopback'],
    })
  })

  it('refuses true at start-up with one line saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(TRUST_PROXY_TRUE_ERROR)
    expect(TRUST_PROXY_TRUE_ERROR).not.toContain('\n')
    expect(TRUST_PROXY_TRUE_ERROR).toMatch(/set TRUST_PROXY to the number of proxies/)
  })

  it('refuses values that are neither a hop count nor addresses', () => {
    for (const value of [
      'yes',
      'TRUE',
      'on',
      '1.5',
      '10.0.0.0/33',
      '10.0.0.1/8/2',
      'proxy.example.com',
      ',',
    ]) {
      const parsed = parseTrustProxy(value)
      expect(parsed.ok, value).toBe(false)
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/)
    }
  })
})

describe('catch-all proxy trust', () => {
  it('refuses every address as a proxy, in IPv4 and IPv6, alone or in a list', () => {
    for (const value of ['0.0.0.0/0', '::/0', '10.0.0.0/8, 0.0.0.0/0', '1.2.3.4/0', '::ffff:0.0.0.0/0']) {
      const parsed = parseTrustProxy(value)
      expect(parsed.ok, value).toBe(false)
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /trusts every address .*set TRUST_PROXY/,
      )
    }
  })

  it('refuses a list whose pieces add up to every IPv4 or every IPv6 address', () => {
    for (const value of [
      '0.0.0.0/1,128.0.0.0/1',
      '::/1,8000::/1',
      '::ffff:0:0/96',
      '::/1',
      '10.0.0.0/8, 0.0.0.0/2, 64.0.0.0/2, 128.0.0.0/2, 192.0.0.0/3, 224.0.0.0/3',
      '0.0.0.0/1, ::ffff:128.0.0.0/97',
    ]) {
      expect(parseTrustProxy(value).ok, value).toBe(false)
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /trusts every address .*set TRUST_PROXY/,
      )
    }
  })

  it('keeps lists that leave addresses out, however wide', () => {
    for (const value of [
      '0.0.0.0/1',
      '0.0.0.0/1,128.0.0.0/2',
      '8000::/1',
      '::ffff:0:0/97',
      '10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,fd00::/8,loopback',
      '2001:db8::1,::ffff:10.0.0.1',
    ]) {
      expect(parseTrustProxy(value).ok, value).toBe(true)
    }
  })

  it(`refuses a hop count over ${MAX_TRUSTED_HOPS}, which trusts whatever the client wrote`, () => {
    expect(parseTrustProxy(String(MAX_TRUSTED_HOPS))).toEqual({ ok: true, value: MAX_TRUSTED_HOPS })
    for (const value of [String(MAX_TRUSTED_HOPS + 1), '1000', '999999999']) {
      expect(parseTrustProxy(value).ok, value).toBe(false)
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/more proxy hops than any real chain/)
    }
  })
})

describe('the start-up warning in production', () => {
  async function startupLog(trustProxy: Config['TRUST_PROXY'], nodeEnv: Config['NODE_ENV']): Promise<string> {
    const lines: string[] = []
    const t = await createTestApp(
      {
        LOG_LEVEL: 'warn',
        NODE_ENV: nodeEnv,
        TRUST_PROXY: trustProxy,
        ADMIN_USERNAME: 'a',
        ADMIN_PASSWORD: 'b',
      },
      { logStream: { write: (line) => void lines.push(line) } },
    )
    await t.close()
    return lines.join('')
  }

  it('says once that a hop count trusts whoever reaches the port, and names the CIDR form', async () => {
    const log = await startupLog(1, 'production')
    expect(log.match(/TRUST_PROXY=1 trusts a hop count/g)).toHaveLength(1)
    expect(log).toContain('TRUST_PROXY=10.0.0.0/8')
  })

  it('says so when TRUST_PROXY is not set, and stays quiet with a list of the proxies', () => {
    expect(trustProxyWarning(false)).toMatch(/TRUST_PROXY is not set/)
    expect(trustProxyWarning(['10.0.0.0/8', '192.168.1.4'])).toBeUndefined()
  })
})

describe('a forged X-Forwarded-For chain behind one trusted proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 1 })
  })
  afterAll(() => t.close())

  it(`still hits the login limit at attempt ${RATE_LIMITS.auth.login.max + 1}`, async () => {
    const statuses: number[] = []
    for (let attempt = 1; attempt <= RATE_LIMITS.auth.login.max + 1; attempt++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: LOAD_BALANCER,
        // the attacker invents a new chain each time; the balancer appends the address it saw
        headers: { 'x-forwarded-for': `198.51.100.${attempt}, 192.0.2.${attempt}, ${REAL_CLIENT}` },
        payload: { email: 'victim@example.com', password: `guess-${attempt}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, RATE_LIMITS.auth.login.max).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})

describe('one client in many spellings from the proxy', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp({ TRUST_PROXY: 1 })
  })
  afterAll(() => t.close())

  it(`is one client for the login limit: attempt ${RATE_LIMITS.auth.login.max + 1} is refused whatever the spelling`, async () => {
    const spellings = [
      '203.0.113.40',
      '203.0.113.040',
      '203.0.113.40:1234',
      '::ffff:203.0.113.40',
      '[::ffff:203.0.113.40]:80',
    ]
    const statuses: number[] = []
    for (let attempt = 1; attempt <= RATE_LIMITS.auth.login.max + 1; attempt++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: LOAD_BALANCER,
        headers: { 'x-forwarded-for': spellings[attempt % spellings.length] ?? '' },
        payload: { email: 'victim@example.com', password: `guess-${attempt}` },
      })
      statuses.push(res.statusCode)
    }
    expect(statuses.slice(0, RATE_LIMITS.auth.login.max).every((s) => s === 401)).toBe(true)
    expect(statuses.at(-1)).toBe(429)
  })
})
