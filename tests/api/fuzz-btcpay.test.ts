// The payment routes fuzzed again with the BTCPay provider behind them (a fake Greenfield server on
// loopback), so its webhook's signature check and parser and its invoice reads are fuzzed too: never
// a 5xx, errors are `{ detail: string }`, no stack traces (see tests/api/fuzz.test.ts).
import { describe, it } from 'vitest'
import { fuzzKeys, fuzzRoute, setupFuzzApp } from '#tests/support/fuzz/fuzzer.ts'

setupFuzzApp({ btcpay: true })

describe('fuzzing the payment routes with the btcpay provider', () => {
  const keys = fuzzKeys((key) => /\/api\/(payments|wallet\/topup)\//.test(key))
  it.each(keys)('%s: never 5xx, errors are { detail }, no stack traces', fuzzRoute)
})
