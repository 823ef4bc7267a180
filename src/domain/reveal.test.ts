import { describe, expect, it } from 'vitest'
import {
  checkRevealCode,
  generateRevealCode,
  initialRevealState,
  REVEAL_CODE_ALPHABET,
  REVEAL_CODE_LENGTH,
  type RevealState,
  revealReducer,
} from './reveal.ts'

describe('the contact-reveal code', () => {
  it('is 5 characters from an alphabet without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = generateRevealCode()
      expect(code).toHaveLength(REVEAL_CODE_LENGTH)
      for (const ch of code) expect(REVEAL_CODE_ALPHABET).toContain(ch)
    }
    expect(REVEAL_CODE_ALPHABET).not.toMatch(/[01ILOS5]/)
  })

  it('stays inside the alphabet even at the edges of the random source', () => {
    expect(generateRevealCode(() => 0)).toBe('AAAAA')
    expect(generateRevealCode(() => 0.999999999)).toBe('99999')
  })

  it('accepts the typed code trimmed and in any case', () => {
    expect(checkRevealCode('AB3K7', 'AB3K7')).toBe(true)
    expect(checkRevealCode('AB3K7', '  ab3k7 ')).toBe(true)
    expect(checkRevealCode('AB3K7', 'aB3k7\n')).toBe(true)
  })

  it('refuses a different, partial or spaced-out code', () => {
    expect(checkRevealCode('AB3K7', 'AB3K8')).toBe(false)
    expect(checkRevealCode('AB3K7', 'AB3K')).toBe(false)
    expect(checkRevealCode('AB3K7', 'AB 3K7')).toBe(false)
    expect(checkRevealCode('AB3K7', '')).toBe(false)
  })
})

describe('the reveal flow', () => {
  const codes = () => {
    const queue = ['FIRST', 'SECND', 'THIRD']
    return () => queue.shift() ?? 'XXXXX'
  }

  it('goes hidden → challenge → revealed when the right code is typed', () => {
    const next = codes()
    let state: RevealState = initialRevealState
    expect(state.status).toBe('hidden')
    state = revealReducer(state, { type: 'start' }, next)
    expect(state).toEqual({ status: 'challenge', code: 'FIRST', failed: false })
    state = revealReducer(state, { type: 'submit', typed: ' first ' }, next)
    expect(state).toEqual({ status: 'revealed' })
  })

  it('shows an error and a new code after a wrong code, then accepts the new one', () => {
    const next = codes()
    let state = revealReducer(initialRevealState, { type: 'start' }, next)
    state = revealReducer(state, { type: 'submit', typed: 'WRONG' }, next)
    expect(state).toEqual({ status: 'challenge', code: 'SECND', failed: true })
    state = revealReducer(state, { type: 'submit', typed: 'FIRST' }, next)
    expect(state).toEqual({ status: 'challenge', code: 'THIRD', failed: true })
    state = revealReducer(state, { type: 'submit', typed: 'third' }, next)
    expect(state.status).toBe('revealed')
  })

  it('ignores a submit before the challenge and stays revealed once revealed', () => {
    expect(revealReducer(initialRevealState, { type: 'submit', typed: 'X' })).toBe(initialRevealState)
    const revealed: RevealState = { status: 'revealed' }
    expect(revealReducer(revealed, { type: 'start' })).toBe(revealed)
    expect(revealReducer(revealed, { type: 'new-code' })).toBe(revealed)
  })

  it('draws a fresh code on request and clears the error', () => {
    const next = codes()
    const state: RevealState = { status: 'challenge', code: 'OLD00', failed: true }
    expect(revealReducer(state, { type: 'new-code' }, next)).toEqual({
      status: 'challenge',
      code: 'FIRST',
      failed: false,
    })
  })
})
