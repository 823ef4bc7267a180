import { describe, expect, it } from 'vitest'
import { VERIFICATION_CODE_LENGTH } from '#domain/api/verification.ts'
import { newVerificationCode, sameCode } from './verification-code.ts'

describe('verification codes', () => {
  it('are made of letters and digits nobody confuses on paper', () => {
    for (let i = 0; i < 200; i++) {
      const code = newVerificationCode()
      expect(code).toHaveLength(VERIFICATION_CODE_LENGTH)
      expect(code).not.toMatch(/[01OIL]/)
    }
  })

  it('match whatever the case and spacing the advertiser typed', () => {
    expect(sameCode(' ab 3k7q ', 'AB3K7Q')).toBe(true)
    expect(sameCode('AB3K7R', 'AB3K7Q')).toBe(false)
  })
})
