// The shape every language's catalog must have: the English catalog with its string literals widened
// to `string`, so a French catalog typed with it fails `tsc` when a key is missing or extra, and so a
// list (the legal sections, the pay-guide steps) must keep its length (docs/decisions/016-languages.md).
import type { en } from './en.ts'
import type { enAdmin } from './en-admin.ts'
import type { enAuthScreens } from './en-auth-screens.ts'
import type { enLegal } from './en-legal.ts'
import type { enPayments } from './en-payments.ts'
import type { enManage, enPost } from './en-post.ts'
import type { enPrivacy } from './en-privacy.ts'
import type { enReview } from './en-reports.ts'
import type { enVerification } from './en-verification.ts'

export type Widen<T> = T extends string ? string : { readonly [K in keyof T]: Widen<T[K]> }

export type Messages = Widen<typeof en>
export type PaymentsMessages = Widen<typeof enPayments>
export type LegalMessages = Widen<typeof enLegal>
export type PostMessages = Widen<{ post: typeof enPost; manage: typeof enManage }>
export type ReviewMessages = Widen<{ review: typeof enReview; admin: typeof enAdmin }>
export type PrivacyMessages = Widen<typeof enPrivacy>
export type AuthMessages = Widen<typeof enAuthScreens>
export type VerificationMessages = Widen<typeof enVerification>
