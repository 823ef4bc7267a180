import { describe, expect, it } from 'vitest'
import {
  ERROR_CODES,
  ERROR_FIELDS,
  type ErrorCode,
  isErrorCode,
  paramNames,
  readSays,
  says,
  wordError,
  wordIssues,
} from './error-codes.ts'
import { errorWordsEn } from './error-words-en.ts'
import { errorWordsFr } from './error-words-fr.ts'

const CODES = Object.keys(ERROR_CODES) as ErrorCode[]
const CATALOGS = { en: errorWordsEn, fr: errorWordsFr }

function placeholders(template: string): string[] {
  return [...template.matchAll(/\{(\w+)\}/g)].map((match) => match[1] ?? '').sort()
}

describe('the error codes', () => {
  it.each(Object.entries(CATALOGS))(
    'has %s words for every declared code, using exactly its parameters',
    (_, words) => {
      expect(Object.keys(words.codes).sort()).toEqual([...CODES].sort())
      for (const code of CODES) {
        expect(words.codes[code].trim(), code).not.toBe('')
        expect(placeholders(words.codes[code]), code).toEqual(paramNames(code).sort())
      }
    },
  )

  it.each(Object.entries(CATALOGS))('names every field a parameter may hold in %s', (_, words) => {
    for (const field of ERROR_FIELDS) expect(words.fields[field].trim(), field).not.toBe('')
  })

  it('words a code with its parameters, a field by its name in the language', () => {
    const error = { code: 'text.too_long' as const, params: { field: 'title', max: 120 } }
    expect(wordError(errorWordsEn, error)).toBe('Title must be at most 120 characters')
    expect(wordError(errorWordsFr, error)).toBe('Le champ « Titre » doit compter au plus 120 caractères')
  })

  it('keeps the English words the API sent before codes, which the spec quotes', () => {
    expect(wordError(errorWordsEn, { code: 'wallet.insufficient_balance' })).toBe('Insufficient balance')
    expect(wordError(errorWordsEn, { code: 'ad.banned_words', params: { words: 'a, b' } })).toBe(
      'Banned words detected: a, b',
    )
    expect(wordError(errorWordsEn, { code: 'auth.email_not_verified' })).toMatch(/^Email not verified\./)
  })

  it('words a refused payload field by field, in each language', () => {
    const issues = [
      { field: 'email', code: 'auth.email_invalid' as const },
      { field: 'password', code: 'auth.password_too_short' as const, params: { min: 6 } },
    ]
    expect(wordIssues(errorWordsEn, issues)).toBe(
      'email: Enter a valid email; password: Password must be at least 6 characters long',
    )
    expect(wordIssues(errorWordsFr, issues)).toBe(
      'email : Entrez une adresse courriel valide; password : Le mot de passe doit compter au moins 6 caractères',
    )
  })

  it('carries a code and its parameters through a zod message and back', () => {
    expect(readSays(says('text.nul'))).toEqual({ code: 'text.nul' })
    expect(readSays(says('ad.too_many_photos', { max: 6 }))).toEqual({
      code: 'ad.too_many_photos',
      params: { max: 6 },
    })
    expect(readSays('Invalid input: expected string, received number')).toBeUndefined()
    expect(isErrorCode('toString')).toBe(false)
  })
})
