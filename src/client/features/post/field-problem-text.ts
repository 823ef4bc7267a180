// A field's problem (src/domain/ad-form-rules.ts) in the reader's words: the form's rules are the
// API's, so the sentence here is what the server would have refused, said before anything is sent.
import { fill } from '#client/i18n/fill.ts'
import { locale } from '#client/i18n/messages.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import { formatMoney } from '#client/lib/ad-format.ts'
import type { AdFieldProblem, AdFormField } from '#domain/ad-form-rules.ts'

export function problemText(field: AdFormField, problem: AdFieldProblem | undefined): string | undefined {
  const t = msgPost.post
  if (!problem) return undefined
  switch (problem.kind) {
    case 'required':
      return t.titleRequired
    case 'tooLong':
      return fill(t.problems.tooLong, { max: problem.max.toLocaleString(locale()) })
    case 'tooLarge':
      return fill(t.problems.tooLarge, { max: formatMoney(problem.max * 100) })
    case 'tooMany':
      return fill(field === 'photos' ? t.photosLimit : t.videosLimit, { max: problem.max })
    case 'banned':
      return fill(t.problems.banned, {
        phrases: problem.phrases.map((phrase) => fill(t.problems.quoted, { phrase })).join(', '),
      })
    case 'invalid':
      return field === 'email' ? t.problems.invalidEmail : t.problems.invalid
    case 'unconfirmed':
      return t.companion.confirmRequired
  }
}
