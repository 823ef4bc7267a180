// What every screen may need of the account's texts (labels, the sign-in guard, the session's end): in the
// main catalog (see en.ts). The account screens' own texts are in en-auth-screens.ts.

export const enAuth = {
  emailLabel: 'Email',
  passwordLabel: 'Password',
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  required: 'Required',
  tryAgain: 'Try again',
  signInRequiredTitle: 'Sign in required',
  signInRequiredDescription: 'Please sign in to continue.',
  sessionExpiredTitle: 'Session expired',
  sessionExpiredDescription: 'Please sign in again.',
} as const
