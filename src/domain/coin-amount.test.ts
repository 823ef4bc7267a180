import { describe, expect, it } from 'vitest'
import { coinAmountInUri } from './coin-amount.ts'

describe('the coin amount a payment asks for', () => {
  it('is read from the amount of a BIP21 URI, wherever it sits among the parameters', () => {
    expect(coinAmountInUri('bitcoin:bc1qxyz?amount=0.00001538&label=Posting%20fee')).toBe('0.00001538')
    expect(coinAmountInUri('litecoin:ltc1qxyz?label=Bump&amount=0.02500000')).toBe('0.02500000')
  })

  it('is absent when the URI names none or there is no URI', () => {
    expect(coinAmountInUri('bitcoin:bc1qxyz?label=Posting')).toBeNull()
    expect(coinAmountInUri(null)).toBeNull()
    expect(coinAmountInUri('bitcoin:bc1qxyz?amount=1e5')).toBeNull()
  })
})
