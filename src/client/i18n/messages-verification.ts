// The "Get verified" page's and the admin's verification queues' texts in the active language (see
// messages.ts), loaded with those screens, not at the app's start (docs/decisions/040-react.md).
import { enVerification } from './en-verification.ts'
import { registerSection } from './messages.ts'
import type { VerificationMessages } from './messages-type.ts'

export const msgVerification: VerificationMessages = registerSection('verification', enVerification)
