import { describe, expect, it } from 'vitest'
import { formatCad, formatFee } from './money.ts'

describe('formatFee', () => {
  it('writes whole dollars without cents, as the fees are quoted to users', () => {
    expect(formatFee(200)).toBe('$2')
    expect(formatFee(500)).toBe('$5')
  })

  it('keeps the cents of an amount that has some', () => {
    expect(formatFee(50)).toBe('$0.50')
    expect(formatCad(250)).toBe('$2.50')
  })
})
