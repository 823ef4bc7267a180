// The account screens' texts in the active language (see messages.ts), loaded with those screens, not at
// the app's start (docs/decisions/040-react.md).
import { enAuthScreens } from './en-auth-screens.ts'
import { registerSection } from './messages.ts'
import type { AuthMessages } from './messages-type.ts'

export const msgAuth: AuthMessages = registerSection('auth', enAuthScreens)
