// The shape every language's catalog must have: the English catalog with its string literals widened
// to `string`, so a French catalog typed with it fails `tsc` when a key is missing or extra, and so a
// list (the legal sections, the pay-guide steps) must keep its length (docs/decisions/016-languages.md).
import type { en } from './en.ts'
import type { enLegal } from './en-legal.ts'
import type { enPayments } from './en-payments.ts'

export type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> }

export type Messages = Widen<typeof en>
export type PaymentsMessages = Widen<typeof enPayments>
export type LegalMessages = Widen<typeof enLegal>
