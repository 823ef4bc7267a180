import { describe, expect, it } from 'vitest'
import { parseTopupAmount, signedAmount } from './wallet-rules.ts'

describe('wallet rules', () => {
  it('accepts a top-up of $5 or more and refuses less, blanks and non-numbers', () => {
    expect(parseTopupAmount('5')).toBe(5)
    expect(parseTopupAmount(' 10.50 ')).toBe(10.5)
    expect(parseTopupAmount('7,25')).toBe(7.25)
    for (const bad of ['', '  ', '4.99', '0', '-10', 'ten', 'NaN', 'Infinity', '5.999'])
      expect(parseTopupAmount(bad)).toBeNull()
  })

  it('shows top-ups as credits, wallet fees as debits and crypto-paid fees without a sign', () => {
    expect(signedAmount({ type: 'topup', method: 'crypto', amount_cad: 10 })).toBe('+$10.00')
    expect(signedAmount({ type: 'credit', method: 'crypto', amount_cad: 2 })).toBe('+$2.00')
    expect(signedAmount({ type: 'post', method: 'wallet', amount_cad: 2 })).toBe('−$2.00')
    expect(signedAmount({ type: 'bump', method: 'wallet', amount_cad: 1 })).toBe('−$1.00')
    expect(signedAmount({ type: 'post', method: 'crypto', amount_cad: 2 })).toBe('$2.00')
  })
})
