import { describe, expect, it } from 'vitest'
import { loadConfig } from './config.ts'

describe('the public address', () => {
  it('follows PORT when PUBLIC_URL is unset, so mailed and pay links reach the running server', () => {
    expect(loadConfig({ PORT: '3000' }).PUBLIC_URL).toBe('http://localhost:3000')
    expect(loadConfig({}).PUBLIC_URL).toBe('http://localhost:8080')
  })

  it('keeps the PUBLIC_URL it is given, whatever the port', () => {
    expect(loadConfig({ PORT: '3000', PUBLIC_URL: 'https://maple.example' }).PUBLIC_URL).toBe(
      'https://maple.example',
    )
  })

  it('stays on 8080 when PORT 0 lets the system pick a port no link can name', () => {
    expect(loadConfig({ PORT: '0' }).PUBLIC_URL).toBe('http://localhost:8080')
  })
})

describe('the test-only job kinds', () => {
  it('refuses to load a module named by JOB_TEST_KINDS outside NODE_ENV=test', () => {
    for (const NODE_ENV of ['development', 'production'])
      expect(() => loadConfig({ NODE_ENV, JOB_TEST_KINDS: 'tests/support/job-test-kinds.ts' })).toThrow(
        /JOB_TEST_KINDS: only for NODE_ENV=test/,
      )
    expect(loadConfig({ NODE_ENV: 'test', JOB_TEST_KINDS: 'x.ts' }).JOB_TEST_KINDS).toBe('x.ts')
  })
})
