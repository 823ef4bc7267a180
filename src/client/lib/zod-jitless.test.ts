import { describe, expect, it } from 'vitest'
import './zod-jitless.ts'

describe('zod in the browser', () => {
  it('runs without JIT, so it never probes eval (a CSP violation)', async () => {
    const { globalConfig } = await import('zod/v4/core')
    expect(globalConfig.jitless).toBe(true)
  })
})
