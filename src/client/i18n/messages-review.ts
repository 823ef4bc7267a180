// Reporting an ad, the review queue and the admin screens' texts in the active language (see
// messages.ts), loaded with those screens, not at the app's start (docs/decisions/035-start-size.md).
import { enAdmin } from './en-admin.ts'
import { enReview } from './en-reports.ts'
import { registerSection } from './messages.ts'
import type { ReviewMessages } from './messages-type.ts'

const english: ReviewMessages = { review: enReview, admin: enAdmin }

export const msgReview: ReviewMessages = registerSection('review', english)
