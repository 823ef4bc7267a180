import { z } from 'zod'
import { hasNoNul } from './common.ts'
import { says } from './error-codes.ts'

// Request and response shapes of /api/moderation, shared by the server routes and the client.

export const ModerationPaths = {
  check: '/moderation/check',
  bannedWords: '/moderation/banned-words',
  bannedWord: (id: string) => `/moderation/banned-words/${encodeURIComponent(id)}`,
} as const

export const MAX_CHECK_TITLE_LENGTH = 500
export const MAX_CHECK_DESCRIPTION_LENGTH = 20_000
export const MAX_PHRASE_LENGTH = 200

export const ModerationCheckRequestSchema = z.object({
  title: z
    .string()
    .max(MAX_CHECK_TITLE_LENGTH, says('text.too_long', { field: 'title', max: MAX_CHECK_TITLE_LENGTH })),
  // a draft may have no description yet; the check still runs on the title
  description: z
    .string()
    .max(
      MAX_CHECK_DESCRIPTION_LENGTH,
      says('text.too_long', { field: 'description', max: MAX_CHECK_DESCRIPTION_LENGTH }),
    )
    .default(''),
})
export type ModerationCheckRequest = z.input<typeof ModerationCheckRequestSchema>

export const ModerationCheckResponseSchema = z.object({
  ok: z.boolean(),
  /** The banned phrases found, as the list spells them; empty when ok. */
  matches: z.array(z.string()),
  /** The same phrases by the field they were found in, so the form can name each on its field. */
  fields: z.object({ title: z.array(z.string()), description: z.array(z.string()) }),
})
export type ModerationCheckResponse = z.infer<typeof ModerationCheckResponseSchema>

export const BannedPhraseSchema = z.object({
  id: z.string(),
  phrase: z.string(),
  /** ISO 8601 */
  created_at: z.string(),
})
export type BannedPhrase = z.infer<typeof BannedPhraseSchema>

export const BannedPhraseListSchema = z.array(BannedPhraseSchema)

export const AddBannedPhraseRequestSchema = z.object({
  phrase: z
    .string()
    // an admin pasting a phrase often brings a stray space or newline with it
    .trim()
    .min(1, says('phrase.blank'))
    .max(MAX_PHRASE_LENGTH, says('text.too_long', { field: 'phrase', max: MAX_PHRASE_LENGTH }))
    .refine(hasNoNul, says('text.nul')),
})
export type AddBannedPhraseRequest = z.input<typeof AddBannedPhraseRequestSchema>

export const BannedPhraseParamsSchema = z.object({ id: z.string().max(100) })
