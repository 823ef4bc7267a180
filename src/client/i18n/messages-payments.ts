// The payments screens' texts in the active language (see messages.ts), loaded with those screens.
import { enPayments } from './en-payments.ts'
import { registerSection } from './messages.ts'
import type { PaymentsMessages } from './messages-type.ts'

export const msgPayments: PaymentsMessages = registerSection('payments', enPayments)
