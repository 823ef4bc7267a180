// What the ad form says when Adult Companions is chosen (docs/decisions/049-open-in-canada.md): such
// ads are published only by verified advertisers, so an unverified one is told so, with a link to Get
// verified (the draft stays where it is); and every post and edit asks the advertiser to confirm that
// they are 18 or older and that the ad offers only their own time and company, with a link to the
// rules on the terms page.
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { FormProblem } from '#client/components/form/form-problem.tsx'
import { Checkbox } from '#client/components/ui/checkbox.tsx'
import { Label } from '#client/components/ui/label.tsx'
import { myVerificationQuery } from '#client/features/verification/api/my-verification.ts'
import { msgPost } from '#client/i18n/messages-post.ts'
import type { AdFieldProblem } from '#domain/ad-form-rules.ts'
import { problemText } from '../field-problem-text.ts'

const t = msgPost.post.companion

const linkClass =
  'rounded-sm font-medium text-primary underline underline-offset-4 outline-none focus-visible:ring-2 focus-visible:ring-ring'

/** The anchor of the terms page's Adult Companions section (i18n/en-legal.ts). */
const COMPANION_TERMS_ANCHOR = 'companion-ads'

/**
 * The account's verification as far as it is known: 'approved', 'unverified' (none, pending, refused)
 * or 'unknown' (offline, or still loading; the server decides at checkout).
 */
export function useCompanionVerification(
  enabled: boolean,
): 'approved' | 'pending' | 'unverified' | 'unknown' {
  const verification = useQuery({ ...myVerificationQuery(), enabled })
  const status = verification.data?.status
  if (status === undefined) return 'unknown'
  if (status === 'approved') return 'approved'
  return status === 'pending' ? 'pending' : 'unverified'
}

export function CompanionRules({
  id,
  confirmed,
  onConfirmed,
  problem,
}: {
  id: string
  confirmed: boolean
  onConfirmed: (confirmed: boolean) => void
  problem: AdFieldProblem | undefined
}) {
  const verification = useCompanionVerification(true)
  const error = problemText('ownServicesConfirmed', problem)
  return (
    <div className="grid gap-4">
      {(verification === 'unverified' || verification === 'pending') && (
        <div
          role="status"
          data-testid="companion-verify"
          className="grid gap-2 rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
        >
          <p className="font-semibold">{t.verifyTitle}</p>
          <p>{verification === 'pending' ? t.verifyPending : t.verifyBody}</p>
          <Link to="/account/verification" className={linkClass}>
            {t.getVerified}
          </Link>
        </div>
      )}
      <div className="grid gap-1.5">
        <div className="flex items-start gap-3">
          <Checkbox
            id={`${id}-own`}
            name="ownServicesConfirmed"
            checked={confirmed}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-own-error` : undefined}
            onCheckedChange={(checked) => onConfirmed(checked === true)}
          />
          <Label htmlFor={`${id}-own`} className="leading-snug">
            {t.confirm}
          </Label>
        </div>
        <FormProblem id={`${id}-own-error`}>{error}</FormProblem>
        <Link to="/terms" hash={COMPANION_TERMS_ANCHOR} className={`${linkClass} text-sm`}>
          {t.rules}
        </Link>
      </div>
    </div>
  )
}
