// Property test: random, malformed and oversized requests to every route of the API never get a 5xx,
// every error is `{ detail: string }`, and no answer carries a stack trace. The payment routes are
// fuzzed again with BTCPay behind them in fuzz-btcpay.test.ts; how to reproduce a failure, and the
// FUZZ_* settings, are in tests/support/fuzz/fuzzer.ts.
//
// The routes come from the app itself (printRoutes), so a route added later fails the coverage test
// until it gets an entry in FUZZ (tests/support/fuzz/routes.ts).
import { describe, expect, it } from 'vitest'
import { coverageKey, fuzzKeys, fuzzRoute, setupFuzzApp } from '#tests/support/fuzz/fuzzer.ts'
import { FUZZ } from '#tests/support/fuzz/routes.ts'

const app = setupFuzzApp()

describe('fuzzing the API', () => {
  it('finds the routes in the app and has a fuzz entry for every one of them', () => {
    const discovered = app.routes()
    expect(discovered).toContain('POST /api/wallet/pay')
    expect(discovered).toContain('OPTIONS *')
    const missing = discovered.filter((route) => !(coverageKey(route) in FUZZ))
    expect(missing, 'routes without a FUZZ entry: add one so they are fuzzed').toEqual([])
    const registered = new Set(discovered.map(coverageKey))
    const gone = Object.keys(FUZZ).filter((key) => !key.startsWith('ANY ') && !registered.has(key))
    expect(gone, 'FUZZ entries for routes the app no longer has').toEqual([])
  })

  it.each(fuzzKeys())('%s: never 5xx, errors are { detail }, no stack traces', fuzzRoute)
})
