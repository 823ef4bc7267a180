// The contact-reveal challenge: hidden, then a typed-code check,
// then revealed. A light human check against casual scraping, not a security boundary: the code
// lives in the page, so a plain Math.random is enough and keeps this module pure.

/** No 0/O, 1/I/L or 5/S look-alikes: every code can be read back from the screen without doubt. */
export const REVEAL_CODE_ALPHABET = 'ABCDEFGHJKMNPQRTUVWXYZ2346789'
export const REVEAL_CODE_LENGTH = 5

export function generateRevealCode(random: () => number = Math.random): string {
  let code = ''
  for (let i = 0; i < REVEAL_CODE_LENGTH; i++) {
    const at = Math.min(REVEAL_CODE_ALPHABET.length - 1, Math.floor(random() * REVEAL_CODE_ALPHABET.length))
    code += REVEAL_CODE_ALPHABET[at]
  }
  return code
}

/** People type with stray spaces and in lower case: both are forgiven, nothing else is. */
export function normalizeRevealCode(typed: string): string {
  return typed.trim().toUpperCase()
}

export function checkRevealCode(expected: string, typed: string): boolean {
  return normalizeRevealCode(typed) === expected
}

export type RevealState =
  | { status: 'hidden' }
  | { status: 'challenge'; code: string; failed: boolean }
  | { status: 'revealed' }

export type RevealAction = { type: 'start' } | { type: 'submit'; typed: string } | { type: 'new-code' }

export const initialRevealState: RevealState = { status: 'hidden' }

/**
 * The reveal flow as a reducer. A wrong code marks the attempt failed and draws a new code, so a
 * wrong guess cannot simply be retried against the same challenge.
 */
export function revealReducer(
  state: RevealState,
  action: RevealAction,
  newCode: () => string = generateRevealCode,
): RevealState {
  switch (action.type) {
    case 'start':
      return state.status === 'hidden' ? { status: 'challenge', code: newCode(), failed: false } : state
    case 'new-code':
      return state.status === 'challenge' ? { status: 'challenge', code: newCode(), failed: false } : state
    case 'submit':
      if (state.status !== 'challenge') return state
      return checkRevealCode(state.code, action.typed)
        ? { status: 'revealed' }
        : { status: 'challenge', code: newCode(), failed: true }
  }
}
