import { randomInt } from 'node:crypto'
import { VERIFICATION_CODE_LENGTH } from '#domain/api/verification.ts'

// no 0/O, 1/I/L: the code is read off a photo of a handwritten note
const ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ'

/** A fresh code to write on the paper held in the verification photo. */
export function newVerificationCode(): string {
  let code = ''
  for (let i = 0; i < VERIFICATION_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return code
}

/** People type codes in any case and with spaces; the comparison does not care. */
export function sameCode(given: string, expected: string): boolean {
  return given.replace(/\s+/g, '').toUpperCase() === expected
}
