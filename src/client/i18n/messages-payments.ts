// The payments screens' texts in the active language (see messages.ts): loaded with those screens, and
// with them the French payments catalog only when French is active.
import { enPayments } from './en-payments.ts'
import { registerSection } from './messages.ts'
import type { PaymentsMessages } from './messages-type.ts'

export const msgPayments: PaymentsMessages = structuredClone(enPayments)

await registerSection(msgPayments, (lang) =>
  lang === 'fr' ? import('./fr-payments.ts').then((m) => m.frPayments) : Promise.resolve(enPayments),
)
