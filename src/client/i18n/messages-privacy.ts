// "Your data" (/account/data) texts in the active language (see messages.ts), loaded with that
// screen, not at the app's start (docs/decisions/035-start-size.md).
import { enPrivacy } from './en-privacy.ts'
import { registerSection } from './messages.ts'
import type { PrivacyMessages } from './messages-type.ts'

export const msgPrivacy: PrivacyMessages = registerSection('privacy', enPrivacy)
