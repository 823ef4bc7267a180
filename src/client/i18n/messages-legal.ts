// The Privacy and Terms texts in the active language (see messages.ts), loaded with those two pages.
import { enLegal } from './en-legal.ts'
import { registerSection } from './messages.ts'
import type { LegalMessages } from './messages-type.ts'

export const msgLegal: LegalMessages = registerSection('legal', enLegal)
